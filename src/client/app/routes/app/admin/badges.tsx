import { BadgesScreen } from '@client/features/admin/components/badges-screen';

export function AdminBadgesRoute() {
  return (
    <>
      <title>Badges · Admin · StackDays</title>
      <BadgesScreen />
    </>
  );
}
