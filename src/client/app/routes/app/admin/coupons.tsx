import { CouponsScreen } from '@client/features/admin/components/coupons-screen';
import { msg } from '@shared/messages';

export function AdminCouponsRoute() {
  return (
    <>
      <title>{msg.adminCouponsPage.title}</title>
      <CouponsScreen />
    </>
  );
}
