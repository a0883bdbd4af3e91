// Issue 47: a screen says nothing of its own, only what the catalogue says. Rendered with a pseudo
// catalogue (every letter of every message accented, placeholders kept), a screen's text has no
// plain English word left: one written in the component would still read as English.
import { describe, expect, it } from 'vitest';
import { englishWords, speakPseudoCatalogue, textOf } from '@client/testing/pseudo-catalogue';
import { PricingRoute } from '@client/app/routes/pricing';
import { CodeSentNotice } from '@client/features/auth/components/code-field';
import { AdminLayoutRoute } from '@client/app/routes/app/admin/layout';
import type { CycleView, SubscriptionView, WeeklyReviewView } from '@shared/api-types';
import { WeeklyReview } from '@client/features/review/components/weekly-review';
import { ReviewWeeksList } from '@client/features/review/components/review-weeks-list';
import { StartTrialCard } from '@client/features/pricing/components/start-trial-card';
import { ProfileForm } from '@client/features/profile/components/profile-form';
import { BillingStatus } from '@client/features/settings/components/billing-status';
import { ConsentSettings } from '@client/features/settings/components/consent-settings';

speakPseudoCatalogue();

describe('screens in another language', () => {
  it("the pricing page's content says nothing in English", () => {
    // Its <main>: the footer's legal links and language menu are being moved by the footer's change.
    const main =
      /<main[\s\S]*<\/main>/.exec(textOf(<PricingRoute />, { keepTags: true }))?.[0] ?? '';
    expect(main).not.toBe('');
    // 'und': format.ts joins lists in the page's language, German here.
    expect(englishWords(main.replace(/<[^>]*>/g, ' '), ['StackDays', 'und'])).toEqual([]);
  });

  it("the code step's notice says nothing in English around the address", () => {
    const text = textOf(<CodeSentNotice email="sam@example.test" ifAccount />);
    expect(englishWords(text, ['sam', 'example', 'test'])).toEqual([]);
  });

  it("the admin screens' frame says nothing in English", () => {
    expect(englishWords(textOf(<AdminLayoutRoute />))).toEqual([]);
  });
});

// Issue 47: the weekly review, the trial card, Profile and Settings' billing and consents.
const photo = (day: number) => ({
  day,
  media: {
    id: `m${day}`,
    url: `/m${day}.jpg`,
    thumbUrl: null,
    mediaType: 'image' as const,
    mimeType: 'image/jpeg',
    sortIndex: 0,
  },
});
const week2: WeeklyReviewView = {
  cycleId: 'c1',
  cycleNumber: 2,
  cycleStartDate: '2026-03-02',
  week: 2,
  final: false,
  firstDay: 8,
  lastDay: 14,
  firstDate: '2026-03-09',
  lastDate: '2026-03-15',
  days: Array.from({ length: 7 }, (_, i) => ({
    day: 8 + i,
    date: `2026-03-${String(9 + i).padStart(2, '0')}`,
    status: i === 3 ? ('missed' as const) : ('done' as const),
    movedMinutes: 30,
    steps: 8000,
    proteinTargetHit: true,
    hydrationGoalHit: i > 0,
    journalLine: i === 0 ? 'Xyz' : null,
  })),
  calendar: null,
  checkins: { value: 6, previous: 1, change: 5 },
  movedMinutes: { value: 210, previous: 180, change: 30 },
  steps: { value: 56000, previous: 60000, change: -4000 },
  proteinDays: { value: 7, previous: 1, change: 6 },
  hydrationDays: { value: 6, previous: 6, change: 0 },
  currentStreak: 1,
  bestStreak: 7,
  consistency: 93,
  milestones: [14],
  badges: [{ code: 'b', name: 'Xyz', emoji: null }],
  photos: [photo(8), photo(13)],
  thenAndNow: { then: photo(1), now: photo(14) },
  unitPref: 'metric',
  weightChangeKg: -0.5,
  sharedPostId: null,
  previousWeek: 1,
  nextWeek: 3,
};
const cycle = {
  id: 'c1',
  startDate: '2026-03-02',
  today: '2026-03-20',
  started: true,
  pausedDates: [],
} as unknown as CycleView;
const subscription = {
  status: 'active',
  currentPeriodEnd: '2026-04-02T00:00:00.000Z',
  priceId: 'price_m',
  subscribed: true,
  plan: 'monthly',
  comp: null,
  provider: 'stripe',
  requireSubscription: true,
  stripeManaged: true,
} as SubscriptionView;
// date-fns's German for the fixtures' dates: month and weekday names, not the screens' words.
const germanDates = ['Mär', 'Apr', 'Mai', 'Dez'];

describe('the review, trial, profile and billing screens in another language', () => {
  it('a weekly review says nothing in English', () => {
    const text = textOf(<WeeklyReview review={week2} />);
    expect(englishWords(text, [...germanDates, 'Xyz'])).toEqual([]);
  });

  it('the final review says nothing in English', () => {
    const final = { ...week2, final: true, week: 13, previousWeek: 12, nextWeek: null };
    expect(englishWords(textOf(<WeeklyReview review={final} />), germanDates)).toEqual([]);
  });

  it("My Cycle's review weeks say nothing in English", () => {
    expect(englishWords(textOf(<ReviewWeeksList cycle={cycle} />), germanDates)).toEqual([]);
  });

  it('the trial card says nothing in English', () => {
    const text = textOf(<StartTrialCard onStart={() => {}} pending={false} />);
    expect(englishWords(text)).toEqual([]);
  });

  it('the public profile says nothing in English', () => {
    const profile = {
      displayName: 'Xyz',
      firstName: null,
      lastName: null,
      country: null,
      unitPref: 'imperial' as const,
      language: 'de' as const,
      avatarUrl: null,
      email: 'x@y.z',
      memberSince: '2026-01-01T00:00:00.000Z',
    };
    // The language menu names each language in itself.
    const text = textOf(<ProfileForm profile={profile} />);
    expect(englishWords(text, ['Xyz', 'English', 'Español', 'Deutsch'])).toEqual([]);
  });

  it("Settings' billing and consents say nothing in English", () => {
    const billing = textOf(
      <BillingStatus
        subscription={subscription}
        isLoading={false}
        isError={false}
        screen="settings"
      />,
    );
    const consents = textOf(
      <ConsentSettings
        consents={{
          tosAcceptedAt: '2026-03-02T10:00:00.000Z',
          healthDisclaimerAcceptedAt: null,
          marketingOptIn: true,
          marketingOptedAt: '2026-03-02T10:00:00.000Z',
        }}
      />,
    );
    expect(englishWords(`${billing} ${consents}`, germanDates)).toEqual([]);
  });
});
