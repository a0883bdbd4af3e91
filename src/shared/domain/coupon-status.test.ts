import { describe, it, expect } from 'vitest';
import { couponFreeDays, couponMessage, couponStatus, normalizeCouponCode } from './coupon-status';

const now = new Date('2026-06-15T12:00:00Z');
const base = { isActive: true, expiresAt: null, maxRedemptions: null, redeemedCount: 0 };

describe('couponStatus', () => {
  it('is active when on, unexpired and under its limit', () => {
    expect(couponStatus(base, now)).toBe('active');
    expect(couponStatus({ ...base, maxRedemptions: 5, redeemedCount: 4 }, now)).toBe('active');
    expect(couponStatus({ ...base, expiresAt: '2026-06-16T00:00:00Z' }, now)).toBe('active');
  });

  it('treats a null limit as unlimited', () => {
    expect(couponStatus({ ...base, redeemedCount: 10_000 }, now)).toBe('active');
  });

  it('is expired once expires_at has passed, including the exact instant', () => {
    expect(couponStatus({ ...base, expiresAt: new Date('2026-06-15T11:59:59Z') }, now)).toBe(
      'expired',
    );
    expect(couponStatus({ ...base, expiresAt: now }, now)).toBe('expired');
  });

  it('is exhausted when redemptions reach the limit', () => {
    expect(couponStatus({ ...base, maxRedemptions: 5, redeemedCount: 5 }, now)).toBe('exhausted');
    expect(couponStatus({ ...base, maxRedemptions: 5, redeemedCount: 6 }, now)).toBe('exhausted');
  });

  it('checks in the spec order: inactive, then expired, then exhausted', () => {
    const everythingWrong = {
      isActive: false,
      expiresAt: '2020-01-01T00:00:00Z',
      maxRedemptions: 1,
      redeemedCount: 1,
    };
    expect(couponStatus(everythingWrong, now)).toBe('inactive');
    expect(couponStatus({ ...everythingWrong, isActive: true }, now)).toBe('expired');
    expect(couponStatus({ ...everythingWrong, isActive: true, expiresAt: null }, now)).toBe(
      'exhausted',
    );
  });
});

describe('normalizeCouponCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeCouponCode('  spring25 ')).toBe('SPRING25');
    expect(normalizeCouponCode('Friend-Month')).toBe('FRIEND-MONTH');
  });
});

describe('couponMessage', () => {
  it('maps each reason to the spec message', () => {
    expect(couponMessage('not_found')).toBe('Coupon code not found');
    expect(couponMessage('inactive')).toBe('Coupon is no longer active');
    expect(couponMessage('expired')).toBe('Coupon has expired');
    expect(couponMessage('exhausted')).toBe('Coupon has reached its usage limit');
  });

  it('falls back to the generic message for anything else', () => {
    expect(couponMessage('something_new')).toBe('Invalid coupon code');
    expect(couponMessage(undefined)).toBe('Invalid coupon code');
  });
});

describe('couponFreeDays', () => {
  it('shows each free month as 30 days', () => {
    expect(couponFreeDays(1)).toBe(30);
    expect(couponFreeDays(3)).toBe(90);
  });
});
