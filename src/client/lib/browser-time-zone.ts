/**
 * This browser's IANA time zone, or undefined. Sent with a sign-up and with every code or invite
 * that may be the address's first proof: that proof sets the account's zone (decision 0072).
 */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
