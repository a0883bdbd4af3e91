import { AuditScreen } from '@client/features/admin/components/logs-screens';

export function AdminAuditRoute() {
  return (
    <>
      <title>Audit · Admin · StackDays</title>
      <AuditScreen />
    </>
  );
}
