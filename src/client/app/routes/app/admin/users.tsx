import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { UsersScreen } from '@client/features/admin/components/users-screen';
import { msg } from '@shared/messages';

export function AdminUsersRoute() {
  const me = useSignedInUser();
  return (
    <>
      <title>{msg.adminUsersPage.title}</title>
      <UsersScreen selfId={me.userId} />
    </>
  );
}
