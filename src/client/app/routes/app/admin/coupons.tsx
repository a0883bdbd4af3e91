import { CouponsScreen } from '@client/features/admin/components/coupons-screen';

export function AdminCouponsRoute() {
  return (
    <>
      <title>Coupons · Admin · StackDays</title>
      <CouponsScreen />
    </>
  );
}
