import { CHECKIN_EDIT_WINDOW_MINUTES, DEFAULT_CAPTION } from '../constants';

/** A check-in can be edited until 15 minutes after it was created. */
export function isCheckinEditable(createdAt: Date | string, now: Date): boolean {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < CHECKIN_EDIT_WINDOW_MINUTES * 60_000;
}

/** The instant the edit window closes. */
export function checkinEditableUntil(createdAt: Date | string): Date {
  return new Date(new Date(createdAt).getTime() + CHECKIN_EDIT_WINDOW_MINUTES * 60_000);
}

/** A post's caption is the journal text, or 'Daily check-in complete!' when there is none. */
export function postCaption(journalMd: string | null | undefined): string {
  const text = journalMd?.trim() ?? '';
  return text.length > 0 ? text : DEFAULT_CAPTION;
}

/** New media is appended after the highest existing sort_index (0 for the first). */
export function nextSortIndex(existing: readonly { sortIndex: number }[]): number {
  return existing.reduce((max, m) => Math.max(max, m.sortIndex + 1), 0);
}
