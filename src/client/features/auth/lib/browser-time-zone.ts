/** The browser's IANA zone, sent at sign-up and when an invited person sets their password (0033). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
