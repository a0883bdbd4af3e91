import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminCouponView } from '@shared/api-types';
import { COUPON_MONTHS_DEFAULT, COUPON_MONTHS_MAX, COUPON_MONTHS_MIN } from '@shared/constants';
import { couponStatus } from '@shared/domain/coupon-status';
import {
  couponFormSchema,
  type CouponFormData,
  type CouponFormInput,
} from '@shared/domain/schemas';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useAdminCoupons } from '../api/get-coupons';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useSaveCoupon } from '../api/save-coupon';
import { useSetCouponActive } from '../api/set-coupon-active';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { LoadMore } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';

const blank: CouponFormInput = {
  code: '',
  monthsFree: COUPON_MONTHS_DEFAULT,
  maxRedemptions: '',
  expiresAt: '',
  isActive: true,
  notes: '',
};

/** A stored instant as the value of a date-time field, in the admin's own zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function formFor(coupon: AdminCouponView): CouponFormInput {
  return {
    code: coupon.code,
    monthsFree: coupon.monthsFree,
    maxRedemptions: coupon.maxRedemptions ?? '',
    expiresAt: localInputValue(coupon.expiresAt),
    isActive: coupon.isActive,
    notes: coupon.notes ?? '',
  };
}

const statusTone = {
  active: 'good',
  inactive: 'neutral',
  expired: 'bad',
  exhausted: 'warn',
} as const;

function CouponForm({ editing, onDone }: { editing: AdminCouponView | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveCoupon();
  const form = useForm<CouponFormInput, unknown, CouponFormData>({
    resolver: zodResolver(couponFormSchema),
    values: editing ? formFor(editing) : blank,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({
        id: editing?.id,
        // The date-time field is in the admin's zone: send the instant with its offset.
        form: { ...data, expiresAt: data.expiresAt ? data.expiresAt.toISOString() : null },
      });
      toast.success(editing ? msg.couponUpdated : msg.couponCreated);
      form.reset(blank);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, msg.saveCouponFailed));
      applyServerFieldErrors(form.setError, error, [
        'code',
        'monthsFree',
        'maxRedemptions',
        'expiresAt',
      ]);
      if (error instanceof Error && error.message === msg.couponCodeExists) {
        form.setError('code', { message: msg.couponCodeExists });
      }
    }
  });
  const err = (name: keyof CouponFormInput) => errors[name]?.message;
  const describe = (name: keyof CouponFormInput) => describedBy(err(name) && `${id}-${name}-error`);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? `Edit ${editing.code}` : 'Create coupon'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={onSubmit}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-code`}>Code</Label>
            <Input
              id={`${id}-code`}
              autoComplete="off"
              className="uppercase"
              aria-invalid={Boolean(err('code'))}
              aria-describedby={describe('code')}
              {...form.register('code')}
            />
            <FieldMessage id={`${id}-code-error`} tone="error">
              {err('code')}
            </FieldMessage>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-months`}>Months free</Label>
            <Input
              id={`${id}-months`}
              type="number"
              inputMode="numeric"
              min={COUPON_MONTHS_MIN}
              max={COUPON_MONTHS_MAX}
              aria-invalid={Boolean(err('monthsFree'))}
              aria-describedby={describe('monthsFree')}
              {...form.register('monthsFree')}
            />
            <FieldMessage id={`${id}-monthsFree-error`} tone="error">
              {err('monthsFree')}
            </FieldMessage>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-max`}>Max redemptions</Label>
            <Input
              id={`${id}-max`}
              type="number"
              inputMode="numeric"
              min={1}
              placeholder="Unlimited"
              aria-invalid={Boolean(err('maxRedemptions'))}
              aria-describedby={describe('maxRedemptions')}
              {...form.register('maxRedemptions')}
            />
            <FieldMessage id={`${id}-maxRedemptions-error`} tone="error">
              {err('maxRedemptions')}
            </FieldMessage>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-expires`}>Expires at</Label>
            <Input
              id={`${id}-expires`}
              type="datetime-local"
              aria-invalid={Boolean(err('expiresAt'))}
              aria-describedby={describe('expiresAt')}
              {...form.register('expiresAt')}
            />
            <FieldMessage id={`${id}-expiresAt-error`} tone="error">
              {err('expiresAt')}
            </FieldMessage>
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea id={`${id}-notes`} rows={2} {...form.register('notes')} />
          </div>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || save.isPending}>
              {editing ? 'Save coupon' : 'Create coupon'}
            </Button>
            {editing && (
              <Button type="button" variant="secondary" onClick={onDone}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: AdminCouponView; onEdit: () => void }) {
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const status = couponStatus(coupon, new Date());
  return (
    <tr>
      <Cell label="Code" className="font-mono font-semibold">
        {coupon.code}
      </Cell>
      <Cell label="Months">{coupon.monthsFree}</Cell>
      <Cell label="Usage" className="whitespace-nowrap">
        {coupon.redeemedCount} / {coupon.maxRedemptions ?? '∞'}
      </Cell>
      <Cell label="Expires" className="whitespace-nowrap">
        {coupon.expiresAt ? formatDate(coupon.expiresAt) : 'Never'}
      </Cell>
      <Cell label="Status">
        <Pill tone={statusTone[status]}>{status}</Pill>
      </Cell>
      <Cell label="Actions">
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            {msg.edit}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={setActive.isPending}
            onClick={async () => {
              try {
                await setActive.mutateAsync({ id: coupon.id, isActive: !coupon.isActive });
                toast.success(coupon.isActive ? msg.couponDeactivated : msg.couponActivated);
              } catch (error) {
                toast.error(errorMessage(error, msg.updateCouponFailed));
              }
            }}
          >
            {coupon.isActive ? msg.deactivate : msg.activate}
          </Button>
          <ConfirmButton
            size="sm"
            variant="ghost"
            className="text-danger"
            title="Delete coupon"
            description={msg.deleteCouponConfirm(coupon.code)}
            confirmLabel="Delete"
            onConfirm={async () => {
              await remove.mutateAsync(coupon.id).catch(shownByMeta);
            }}
          >
            Delete
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
          label="Coupons"
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
