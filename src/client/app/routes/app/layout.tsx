import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { QueryClient } from '@tanstack/react-query';
import { msg } from '@shared/messages';
import { sessionQueryOptions } from '@client/features/auth/api/get-session';
import { subscriptionQueryOptions } from '@client/features/auth/api/get-subscription';
import { useSignOut } from '@client/features/auth/api/sign-out';
import { RequireAuth, useSignedInUser } from '@client/features/auth/components/require-auth';
import { AppShell } from '@client/features/shell/components/app-shell';
import { MemberTimeZone } from '@client/lib/member-time-zone';
import { takePendingCrewJoin } from '@client/features/crews/components/crew-join';
import type { PageLoader, PageParams } from '@client/render/loader';

/**
 * A member screen's loader (render/README.md): the guard's reads (who is signed in, then their plan)
 * and the screen's own, in parallel with the plan. A read that fails fails the loader (the shell is
 * sent), unless the screen reads it with `prefetchQuery`, which never throws (a failing buddy feed is
 * ignored: spec).
 */
export function memberLoader(
  ...reads: Array<(client: QueryClient, params: PageParams) => Promise<unknown>>
): PageLoader {
  return async (client, params) => {
    // The session first: a cookie that names nobody costs one read.
    const session = await client.fetchQuery(sessionQueryOptions);
    if (!session.user) return false;
    await Promise.all([
      client.fetchQuery(subscriptionQueryOptions(session.user.userId)),
      ...reads.map((read) => read(client, params)),
    ]);
    return true;
  };
}

/**
 * The guard's own reads: what a member screen rendered in the browser fetches first, which the server
 * preloads with its shell (server/render/member-screens.ts, `preloads`).
 */
export const loader = memberLoader();

/** Every /app screen: the guard, then the navigation shell around the screen. */
export function AppLayoutRoute() {
  return (
    <RequireAuth>
      <SignedInShell />
    </RequireAuth>
  );
}

function SignedInShell() {
  const user = useSignedInUser();
  // No navigate here: once the session is cleared, the guard itself sends the member to '/'.
  const signOut = useSignOut({ onSignedOut: () => toast.success(msg.signedOut) });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A visitor who opened a crew's invite link, now signed in or signed up: back to that link, once
  // past Start Your Free Trial (where a verified sign-up goes first).
  useEffect(() => {
    const pending = takePendingCrewJoin(pathname);
    if (pending) void navigate(pending, { replace: true });
  }, [navigate, pathname]);

  return (
    <MemberTimeZone value={user.timeZone}>
      <AppShell user={user} onSignOut={() => signOut.mutate()}>
        <Outlet />
      </AppShell>
    </MemberTimeZone>
  );
}
