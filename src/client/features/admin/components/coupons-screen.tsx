import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminCouponView } from '@shared/api-types';
import { couponStatus } from '@shared/domain/coupon-status';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { useAdminCoupons } from '../api/get-coupons';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useSetCouponActive } from '../api/set-coupon-active';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { CouponForm } from './coupon-form';
import { LoadMore } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';

const statusTone = {
  active: 'good',
  inactive: 'neutral',
  expired: 'bad',
  exhausted: 'warn',
} as const;

function CouponRow({ coupon, onEdit }: { coupon: AdminCouponView; onEdit: () => void }) {
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const status = couponStatus(coupon, new Date());
  return (
    <tr>
      <Cell label={msg.common.code} className="font-mono font-semibold">
        {coupon.code}
      </Cell>
      <Cell label={msg.adminCouponsScreen.months}>{coupon.monthsFree}</Cell>
      <Cell label={msg.adminCouponsScreen.usage} className="whitespace-nowrap">
        {coupon.redeemedCount} / {coupon.maxRedemptions ?? '∞'}
      </Cell>
      <Cell label={msg.adminCouponsScreen.expires} className="whitespace-nowrap">
        {coupon.expiresAt ? formatDate(coupon.expiresAt) : msg.adminCouponsScreen.never}
      </Cell>
      <Cell label={msg.common.status}>
        <Pill tone={statusTone[status]}>{status}</Pill>
      </Cell>
      <Cell label={msg.common.actions}>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            {msg.edit}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={setActive.isPending}
            onClick={async () => {
              await setActive
                .mutateAsync({ id: coupon.id, isActive: !coupon.isActive })
                .then(
                  () =>
                    toast.success(coupon.isActive ? msg.couponDeactivated : msg.couponActivated),
                  shownByMeta,
                );
            }}
          >
            {coupon.isActive ? msg.deactivate : msg.activate}
          </Button>
          <ConfirmButton
            size="sm"
            variant="ghost"
            className="text-danger"
            title={msg.adminCouponsScreen.deleteCoupon}
            description={msg.deleteCouponConfirm(coupon.code)}
            confirmLabel={msg.common.delete}
            onConfirm={async () => {
              await remove.mutateAsync(coupon.id).catch(shownByMeta);
            }}
          >
            {msg.common.delete}
          </ConfirmButton>
        </div>
      </Cell>
    </tr>
  );
}

/** Coupons: the create/edit form above the list. */
export function CouponsScreen() {
  const coupons = useAdminCoupons();
  const [editing, setEditing] = useState<AdminCouponView | null>(null);
  const rows = coupons.data?.pages.flatMap((page) => page.coupons) ?? [];
  // Every coupon, not only the pages loaded so far (the newest page's count is the freshest).
  const total = coupons.data?.pages.at(-1)?.total;
  return (
    <div className="flex flex-col gap-4">
      <CouponForm editing={editing} onDone={() => setEditing(null)} />
      {total !== undefined && (
        <p className="text-sm text-muted-foreground">{msg.couponsTotal(total)}</p>
      )}
      <ListState
        isLoading={coupons.isLoading}
        error={coupons.error}
        empty={rows.length === 0}
        errorText={msg.loadCouponsFailed}
        emptyText={msg.noCoupons}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminCouponsScreen.coupons}
          columns={['Code', 'Months', 'Usage', 'Expires', 'Status', 'Actions']}
        >
          {rows.map((coupon) => (
            <CouponRow
              key={coupon.id}
              coupon={coupon}
              onEdit={() => {
                setEditing(coupon);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          ))}
        </AdminTable>
      )}
      <LoadMore list={coupons} />
    </div>
  );
}
