// checkins.csv: one row per check-in day, written so that spreadsheet programs read it safely.

const CSV_HEADER = [
  'date',
  'cycle_start',
  'day',
  'move_minutes',
  'steps',
  'protein_target_hit',
  'hydration_goal_hit',
  'journal',
  'photos_and_videos',
  'updates',
  'checked_in_at',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet
 * would run as a formula (starting =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: (string | number | boolean)[][]): string {
  // A byte-order mark so spreadsheet programs read the journal's UTF-8 (emoji) correctly.
  return `\uFEFF${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
