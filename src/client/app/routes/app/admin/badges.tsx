import { BadgesScreen } from '@client/features/admin/components/badges-screen';
import { msg } from '@shared/messages';

export function AdminBadgesRoute() {
  return (
    <>
      <title>{msg.adminBadgesPage.title}</title>
      <BadgesScreen />
    </>
  );
}
