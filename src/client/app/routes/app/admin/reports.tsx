import { ReportsScreen } from '@client/features/admin/components/reports-screen';

export function AdminReportsRoute() {
  return (
    <>
      <title>Reports · Admin · StackDays</title>
      <ReportsScreen />
    </>
  );
}
