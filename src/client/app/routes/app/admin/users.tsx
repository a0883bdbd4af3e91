import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { UsersScreen } from '@client/features/admin/components/users-screen';

export function AdminUsersRoute() {
  const me = useSignedInUser();
  return (
    <>
      <title>Users · Admin · StackDays</title>
      <UsersScreen selfId={me.userId} />
    </>
  );
}
