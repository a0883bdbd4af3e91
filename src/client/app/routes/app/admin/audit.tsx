import { AuditScreen } from '@client/features/admin/components/logs-screens';
import { msg } from '@shared/messages';

export function AdminAuditRoute() {
  return (
    <>
      <title>{msg.adminAuditPage.title}</title>
      <AuditScreen />
    </>
  );
}
