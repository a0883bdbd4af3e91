import { Outlet } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@shared/messages';
import { useSignOut } from '@client/features/auth/api/sign-out';
import { RequireAuth, useSignedInUser } from '@client/features/auth/components/require-auth';
import { AppShell } from '@client/features/shell/components/app-shell';
import { MemberTimeZone } from '@client/lib/member-time-zone';

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

  return (
    <MemberTimeZone value={user.timeZone}>
      <AppShell user={user} onSignOut={() => signOut.mutate()}>
        <Outlet />
      </AppShell>
    </MemberTimeZone>
  );
}
