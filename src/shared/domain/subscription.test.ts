import { afterEach, describe, it, expect } from 'vitest';
import es from '../../locales/es.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { registerCatalogue, setLocaleSource } from '../i18n/translate';
import {
  contactHref,
  freeTimeState,
  isSubscribed,
  planAction,
  showsManageBilling,
  subscriptionLabel,
  trialDaysLeft,
} from './subscription';

describe('isSubscribed', () => {
  it('is true for active and trialing only', () => {
    expect(isSubscribed('active')).toBe(true);
    expect(isSubscribed('trialing')).toBe(true);
    expect(isSubscribed('past_due')).toBe(false);
    expect(isSubscribed('canceled')).toBe(false);
    expect(isSubscribed('inactive')).toBe(false);
    expect(isSubscribed(null)).toBe(false);
    expect(isSubscribed(undefined)).toBe(false);
  });
});

describe('subscriptionLabel', () => {
  it('labels each status', () => {
    expect(subscriptionLabel('active')).toBe('ACTIVE');
    expect(subscriptionLabel('trialing')).toBe('TRIAL');
    expect(subscriptionLabel('past_due')).toBe('PAST DUE');
    expect(subscriptionLabel('canceled')).toBe('CANCELED');
  });

  it('reads anything else, or nothing, as INACTIVE', () => {
    expect(subscriptionLabel('inactive')).toBe('INACTIVE');
    expect(subscriptionLabel('unpaid')).toBe('INACTIVE');
    expect(subscriptionLabel(null)).toBe('INACTIVE');
  });

  describe("in the member's language", () => {
    registerCatalogue('es', es);
    registerCatalogue('de', de);
    afterEach(() => setLocaleSource(() => 'en'));
    const statuses = ['active', 'trialing', 'past_due', 'canceled', 'unpaid'];

    it('labels each status in Spanish and German', () => {
      setLocaleSource(() => 'es');
      expect(statuses.map(subscriptionLabel)).toEqual([
        'ACTIVA',
        'PRUEBA',
        'PAGO PENDIENTE',
        'CANCELADA',
        'INACTIVA',
      ]);
      setLocaleSource(() => 'de');
      expect(statuses.map(subscriptionLabel)).toEqual([
        'AKTIV',
        'TESTPHASE',
        'ZAHLUNG OFFEN',
        'GEKÜNDIGT',
        'INAKTIV',
      ]);
    });
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2026-06-01T12:00:00Z');

  it('counts whole days to the period end, rounding up', () => {
    expect(trialDaysLeft('2026-07-01T12:00:00Z', now)).toBe(30);
    expect(trialDaysLeft(new Date('2026-06-02T11:00:00Z'), now)).toBe(1);
    expect(trialDaysLeft('2026-06-03T13:00:00Z', now)).toBe(3);
  });

  it('is 0 once the period has ended or without an end date', () => {
    expect(trialDaysLeft('2026-06-01T12:00:00Z', now)).toBe(0);
    expect(trialDaysLeft('2026-05-01T00:00:00Z', now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft('not a date', now)).toBe(0);
  });
});

describe('planAction', () => {
  it('starts checkout without a live subscription, otherwise changes the plan', () => {
    expect(planAction(null)).toBe('checkout');
    expect(planAction('inactive')).toBe('checkout');
    expect(planAction('active')).toBe('change_plan');
    expect(planAction('trialing')).toBe('change_plan');
  });
});

describe('showsManageBilling', () => {
  it('shows for active or trialing on the profile tab', () => {
    expect(showsManageBilling('active', 'profile')).toBe(true);
    expect(showsManageBilling('trialing', 'profile')).toBe(true);
    expect(showsManageBilling('past_due', 'profile')).toBe(false);
  });

  it('shows only for active on the Settings screen', () => {
    expect(showsManageBilling('active', 'settings')).toBe(true);
    expect(showsManageBilling('trialing', 'settings')).toBe(false);
  });
});

describe('freeTimeState (decision 0034)', () => {
  const view = (status: string, currentPeriodEnd: string | null, comp: string | null = null) => ({
    status,
    currentPeriodEnd,
    comp,
  });
  it('tells unused, running, lifetime and ended free time apart', () => {
    expect(freeTimeState(null)).toBe('unused');
    expect(freeTimeState(view('inactive', null))).toBe('unused');
    expect(freeTimeState(view('trialing', '2027-01-01T00:00:00Z'))).toBe('free');
    expect(freeTimeState(view('active', '2027-01-01T00:00:00Z', '3'))).toBe('free');
    expect(freeTimeState(view('active', null, 'lifetime'))).toBe('lifetime');
    expect(freeTimeState(view('inactive', '2026-11-01T00:00:00Z'))).toBe('ended');
    expect(freeTimeState(view('canceled', '2026-11-01T00:00:00Z'))).toBe('ended');
  });
});

describe('contactHref', () => {
  it('links an e-mail address with mailto: and a web address as it is', () => {
    expect(contactHref('help@example.com')).toBe('mailto:help@example.com');
    expect(contactHref('https://example.com/help')).toBe('https://example.com/help');
  });
});
