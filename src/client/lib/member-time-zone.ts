import { createContext, use } from 'react';

/**
 * The zone the signed-in member's day is counted in (the session's `timeZone`, decision 0033). Every
 * time on a member screen is written in it, so the server's markup, rendered in whatever zone the
 * server runs, and the app in any browser show the same time. Undefined outside the member area.
 */
export const MemberTimeZone = createContext<string | undefined>(undefined);

export function useMemberTimeZone(): string | undefined {
  return use(MemberTimeZone);
}
