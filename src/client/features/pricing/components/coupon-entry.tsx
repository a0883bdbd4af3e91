import { useCallback, useId, useMemo, useState } from 'react';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { COUPON_CODE_MAX } from '@shared/constants';
import { couponFreeDays, couponMessage, normalizeCouponCode } from '@shared/domain/coupon-status';
import { msg } from '@shared/messages';
import { fieldError } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useCouponCheck } from '../api/validate-coupon';

export type CouponStatus = 'idle' | 'checking' | 'valid' | 'invalid';

export interface CouponEntryState {
  value: string;
  setValue: (value: string) => void;
  /** Checks what is typed; an empty entry is ignored. */
  apply: () => void;
  /** Fills the box and checks it (a ?coupon= link, or later an invite's coupon). */
  prefill: (code: string) => void;
  /** The server refused the coupon on submit: show its message here. */
  reject: (message: string) => void;
  status: CouponStatus;
  message: string | null;
  /** The normalised code when the check said it is valid. */
  validCode: string | undefined;
  monthsFree: number;
  /** Whatever is typed, normalised; undefined when empty. The server checks it again. */
  enteredCode: string | undefined;
}

/** The coupon box's state, kept by the screen so its form can read the code on submit. */
export function useCouponEntry(initialCode?: string | null): CouponEntryState {
  const initial = normalizeCouponCode(initialCode ?? '');
  const [value, setValueState] = useState(initial);
  const [applied, setApplied] = useState<string | null>(initial || null);
  const [rejected, setRejected] = useState<string | null>(null);
  const check = useCouponCheck(applied);

  const setValue = useCallback((next: string) => {
    const upper = next.toUpperCase();
    setValueState(upper);
    setRejected(null);
    // Editing the code makes the last answer stale.
    setApplied((current) =>
      current !== null && normalizeCouponCode(upper) !== current ? null : current,
    );
  }, []);

  const applyCode = useCallback((raw: string) => {
    const code = normalizeCouponCode(raw);
    setRejected(null);
    setApplied(code || null);
  }, []);

  const apply = useCallback(() => applyCode(value), [applyCode, value]);
  const prefill = useCallback(
    (code: string) => {
      setValueState(normalizeCouponCode(code));
      applyCode(code);
    },
    [applyCode],
  );

  return useMemo(() => {
    let status: CouponStatus = 'idle';
    let message: string | null = null;
    let monthsFree = 0;
    if (rejected) {
      status = 'invalid';
      message = rejected;
    } else if (applied) {
      if (check.isPending) status = 'checking';
      else if (check.isError) {
        status = 'invalid';
        message = fieldError(check.error, 'code') ?? msg.couponValidationError;
      } else if (check.data && !check.data.ok) {
        status = 'invalid';
        message = couponMessage(check.data.reason);
      } else if (check.data) {
        status = 'valid';
        monthsFree = check.data.monthsFree;
        message = msg.couponApplied(monthsFree, couponFreeDays(monthsFree));
      }
    }
    return {
      value,
      setValue,
      apply,
      prefill,
      reject: setRejected,
      status,
      message,
      validCode: status === 'valid' ? (applied ?? undefined) : undefined,
      monthsFree,
      enteredCode: normalizeCouponCode(value) || undefined,
    };
  }, [
    value,
    setValue,
    apply,
    prefill,
    rejected,
    applied,
    check.isPending,
    check.isError,
    check.error,
    check.data,
  ]);
}

export function CouponEntry({
  coupon,
  className,
}: {
  coupon: CouponEntryState;
  className?: string;
}) {
  const id = useId();
  const statusId = `${id}-status`;
  const { status, message } = coupon;
  return (
    <div className={className}>
      <Label htmlFor={id}>
        {msg.couponEntry.couponCode}{' '}
        <span className="font-normal text-muted-foreground">{msg.common.optional}</span>
      </Label>
      <div className="mt-2 flex gap-2">
        <Input
          id={id}
          name="coupon"
          value={coupon.value}
          onChange={(event) => coupon.setValue(event.target.value)}
          onBlur={coupon.apply}
          onKeyDown={(event) => {
            // Enter checks the coupon instead of submitting the surrounding form.
            if (event.key === 'Enter') {
              event.preventDefault();
              coupon.apply();
            }
          }}
          maxLength={COUPON_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="uppercase"
          aria-invalid={status === 'invalid' || undefined}
          aria-describedby={message || status === 'checking' ? statusId : undefined}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={coupon.apply}
          disabled={status === 'checking'}
        >
          {msg.couponEntry.apply}
        </Button>
      </div>
      <div aria-live="polite">
        {status === 'checking' && (
          <p id={statusId} className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {msg.loading}
          </p>
        )}
        {status === 'valid' && message && (
          <p
            id={statusId}
            className="mt-2 flex items-center gap-1.5 text-sm font-medium text-success"
          >
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            {message}
          </p>
        )}
        {status === 'invalid' && message && (
          <p id={statusId} className="mt-2 flex items-center gap-1.5 text-sm text-danger">
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
