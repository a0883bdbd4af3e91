import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { useSignOut } from '@client/features/auth/api/sign-out';
import { RequireAuth, useSignedInUser } from '@client/features/auth/components/require-auth';
import { AppShell } from '@client/features/shell/components/app-shell';
import { MemberTimeZone } from '@client/lib/member-time-zone';
import { takePendingCrewJoin } from '@client/features/crews/components/crew-join';

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
  // A visitor who opened a crew's invite link, now signed in or signed up: back to that link.
  useEffect(() => {
    const pending = takePendingCrewJoin();
    if (pending) void navigate(pending, { replace: true });
  }, [navigate]);

  return (
    <MemberTimeZone value={user.timeZone}>
      <AppShell user={user} onSignOut={() => signOut.mutate()}>
        <Outlet />
      </AppShell>
    </MemberTimeZone>
  );
}
