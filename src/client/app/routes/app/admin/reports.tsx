import { ReportsScreen } from '@client/features/admin/components/reports-screen';
import { msg } from '@shared/messages';

export function AdminReportsRoute() {
  return (
    <>
      <title>{msg.adminReportsPage.title}</title>
      <ReportsScreen />
    </>
  );
}
