import { CrewsAdminScreen } from '@client/features/admin/components/crews-screen';

export function AdminCrewsRoute() {
  return (
    <>
      <title>Crews · Admin · StackDays</title>
      <CrewsAdminScreen />
    </>
  );
}
