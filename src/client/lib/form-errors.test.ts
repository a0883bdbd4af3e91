import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors } from './form-errors';

type Form = { email: string; password: string; cm: string };

const refusal = (fields: Record<string, string>, status = 422) =>
  new ApiError(status, 'validation_error', 'Check the form.', { fields });

describe('applyServerFieldErrors', () => {
  it('puts each message under its field in screen order and focuses only the first bad one', () => {
    const setError = vi.fn();
    const fields = applyServerFieldErrors<Form>(
      setError,
      refusal({ password: 'Too short.', email: 'Taken.', coupon: 'Expired.' }),
      ['email', 'password', 'cm'],
    );
    expect(setError.mock.calls).toEqual([
      ['email', { message: 'Taken.' }, { shouldFocus: true }],
      ['password', { message: 'Too short.' }, { shouldFocus: false }],
    ]);
    // A message with no field of its own comes back for the caller to show.
    expect(fields?.coupon).toBe('Expired.');
  });

  it("maps the server's names to the form's", () => {
    const setError = vi.fn();
    applyServerFieldErrors<Form>(
      setError,
      refusal({ heightCm: 'Too tall.' }),
      ['heightCm'],
      () => 'cm',
    );
    expect(setError).toHaveBeenCalledWith('cm', { message: 'Too tall.' }, { shouldFocus: true });
  });

  it('leaves the form alone for anything but a 422', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors<Form>(setError, refusal({ email: 'x' }, 409), ['email'])).toBe(
      undefined,
    );
    expect(applyServerFieldErrors<Form>(setError, new Error('offline'), ['email'])).toBe(undefined);
    expect(setError).not.toHaveBeenCalled();
  });
});
