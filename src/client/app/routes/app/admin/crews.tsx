import { CrewsAdminScreen } from '@client/features/admin/components/crews-screen';
import { msg } from '@shared/messages';

export function AdminCrewsRoute() {
  return (
    <>
      <title>{msg.adminCrewsPage.title}</title>
      <CrewsAdminScreen />
    </>
  );
}
