import { useId, type ComponentProps } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminCouponView } from '@shared/api-types';
import { COUPON_MONTHS_DEFAULT, COUPON_MONTHS_MAX, COUPON_MONTHS_MIN } from '@shared/constants';
import {
  couponFormSchema,
  type CouponFormData,
  type CouponFormInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useSaveCoupon } from '../api/save-coupon';

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

/** Creating a coupon, or editing `editing`: the form above the coupons list. */
export function CouponForm({
  editing,
  onDone,
}: {
  editing: AdminCouponView | null;
  onDone: () => void;
}) {
  const id = useId();
  const { form, onSubmit, isPending } = useCouponForm(editing, onDone);
  const { errors, isSubmitting } = form.formState;
  const field = (name: keyof CouponFormInput, inputId: string) => ({
    inputId: `${id}-${inputId}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
    registration: form.register(name),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {editing
            ? msg.adminCouponForm.editCoupon(editing.code)
            : msg.adminCouponForm.createCoupon}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3 sm:grid-cols-2" noValidate onSubmit={onSubmit}>
          <CouponField
            label={msg.common.code}
            {...field('code', 'code')}
            inputProps={{ autoComplete: 'off', className: 'uppercase' }}
          />
          <CouponField
            label={msg.adminCouponForm.monthsFree}
            {...field('monthsFree', 'months')}
            inputProps={{
              type: 'number',
              inputMode: 'numeric',
              min: COUPON_MONTHS_MIN,
              max: COUPON_MONTHS_MAX,
            }}
          />
          <CouponField
            label={msg.adminCouponForm.maxRedemptions}
            {...field('maxRedemptions', 'max')}
            inputProps={{ type: 'number', inputMode: 'numeric', min: 1, placeholder: 'Unlimited' }}
          />
          <CouponField
            label={msg.adminCouponForm.expiresAt}
            {...field('expiresAt', 'expires')}
            inputProps={{ type: 'datetime-local' }}
          />
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-notes`}>{msg.adminCouponForm.notes}</Label>
            <Textarea id={`${id}-notes`} rows={2} {...form.register('notes')} />
          </div>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={isSubmitting || isPending}>
              {editing ? msg.adminCouponForm.saveCoupon : msg.adminCouponForm.createCoupon}
            </Button>
            {editing && (
              <Button type="button" variant="secondary" onClick={onDone}>
                {msg.common.cancel}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The coupon form's state and its submit: create or save, then a blank form again. */
function useCouponForm(editing: AdminCouponView | null, onDone: () => void) {
  const save = useSaveCoupon(Boolean(editing));
  const form = useForm<CouponFormInput, unknown, CouponFormData>({
    resolver: zodResolver(couponFormSchema),
    values: editing ? formFor(editing) : blank,
  });
  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({
        id: editing?.id,
        // The date-time field is in the admin's zone: send the instant with its offset.
        form: { ...data, expiresAt: data.expiresAt ? data.expiresAt.toISOString() : null },
      });
      form.reset(blank);
      onDone();
    } catch (error) {
      // The toast is the mutation's meta; a 422 also shows under its fields.
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
  return { form, onSubmit, isPending: save.isPending };
}

/** One labelled input of the coupon form, with its error message. */
function CouponField({
  label,
  inputId,
  errorId,
  error,
  registration,
  inputProps,
}: {
  label: string;
  inputId: string;
  errorId: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  inputProps: ComponentProps<typeof Input>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        {...inputProps}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(error && errorId)}
        {...registration}
      />
      <FieldMessage id={errorId} tone="error">
        {error}
      </FieldMessage>
    </div>
  );
}
