import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { msg } from '../messages';
import {
  adminCreateUserSchema,
  awardBadgeSchema,
  badgeSchema,
  checkinEditSchema,
  checkinSchema,
  checkinUpdateSchema,
  checkoutSchema,
  commentSchema,
  couponCodeSchema,
  couponFormSchema,
  displayNameSchema,
  emailSchema,
  healthProfileSchema,
  inviteSchema,
  otpCodeSchema,
  passwordSchema,
  profileSchema,
  reactionSchema,
  reportSchema,
  settingsSchema,
  signInEmailSchema,
  signUpSchema,
  timeZoneSchema,
  workoutPrefsSchema,
} from './schemas';

/** The first message the member would see, or null when the input is accepted. */
function firstError(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
}

describe('emailSchema', () => {
  it('trims and lower-cases', () => {
    expect(emailSchema.parse('  Sam.Lee@Example.COM ')).toBe('sam.lee@example.com');
  });

  it('asks for an email when blank, and a valid one when malformed', () => {
    expect(firstError(emailSchema, '   ')).toBe('Please enter your email address.');
    expect(firstError(emailSchema, undefined)).toBe('Please enter your email address.');
    expect(firstError(emailSchema, 'sam@')).toBe('Please enter a valid email address.');
  });

  it('refuses addresses over 254 characters', () => {
    expect(firstError(emailSchema, `${'a'.repeat(250)}@x.io`)).toBe(
      'That email address is too long.',
    );
  });
});

describe('passwordSchema', () => {
  it('enforces 8 to 128 characters and nothing else', () => {
    expect(firstError(passwordSchema, 'abcdefgh')).toBeNull();
    expect(firstError(passwordSchema, 'abcdefg')).toBe('Password must be at least 8 characters.');
    expect(firstError(passwordSchema, 'a'.repeat(129))).toBe(
      'Password must be at most 128 characters.',
    );
  });
});

describe('displayNameSchema', () => {
  it('trims, requires and caps the display name', () => {
    expect(displayNameSchema.parse('  Sam  ')).toBe('Sam');
    expect(firstError(displayNameSchema, '  ')).toBe('Please fill in your display name');
    expect(firstError(displayNameSchema, 'x'.repeat(61))).toBe(
      'Display name can be up to 60 characters.',
    );
  });
});

describe('signUpSchema', () => {
  const valid = {
    displayName: 'Sam',
    email: 'sam@example.com',
    password: 'longenough',
    acceptTerms: true,
  };

  it('accepts a sign-up and normalises the coupon', () => {
    expect(signUpSchema.parse({ ...valid, coupon: ' spring25 ', timeZone: 'Asia/Tokyo' })).toEqual({
      ...valid,
      coupon: 'SPRING25',
      timeZone: 'Asia/Tokyo',
    });
  });

  it('ignores an empty coupon entry', () => {
    expect(signUpSchema.parse({ ...valid, coupon: '  ' }).coupon).toBeUndefined();
  });

  it('uses the spec messages for missing fields', () => {
    expect(firstError(signUpSchema, { ...valid, email: '' })).toBe(
      'Please fill in email and password',
    );
    expect(firstError(signUpSchema, { ...valid, password: '' })).toBe(
      'Please fill in email and password',
    );
    expect(firstError(signUpSchema, { ...valid, displayName: '' })).toBe(
      'Please fill in your display name',
    );
  });

  it('requires the terms of service and privacy policy to be accepted', () => {
    for (const acceptTerms of [undefined, false, 'true'])
      expect(firstError(signUpSchema, { ...valid, acceptTerms })).toBe(
        'Please accept the terms of service and privacy policy',
      );
  });

  it('refuses an unknown time zone', () => {
    expect(firstError(signUpSchema, { ...valid, timeZone: 'Nowhere/Special' })).toBe(
      'Please choose a valid time zone.',
    );
  });
});

describe('signInEmailSchema', () => {
  it('trims the email', () => {
    expect(signInEmailSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });
});

describe('otpCodeSchema', () => {
  it('accepts exactly 6 digits', () => {
    expect(otpCodeSchema.parse(' 012345 ')).toBe('012345');
  });

  it('asks for the code when empty', () => {
    expect(firstError(otpCodeSchema, '')).toBe('Please enter the verification code');
  });

  it('refuses anything but 6 digits', () => {
    for (const code of ['12345', '1234567', '12a456', '12 456']) {
      expect(firstError(otpCodeSchema, code)).toBe('Enter the 6-digit code from your email.');
    }
  });
});

describe('couponCodeSchema', () => {
  it('trims and upper-cases, and requires a code', () => {
    expect(couponCodeSchema.parse(' friend1 ')).toBe('FRIEND1');
    expect(firstError(couponCodeSchema, '   ')).toBe('Coupon code is required');
  });
});

describe('inviteSchema', () => {
  it('needs only an email', () => {
    expect(inviteSchema.parse({ email: 'Buddy@Example.com' })).toEqual({
      email: 'buddy@example.com',
    });
    expect(firstError(inviteSchema, { email: '', firstName: 'Jo' })).toBe(
      'Please enter your email address.',
    );
  });
});

describe('checkinSchema', () => {
  it('coerces numbers from strings and turns non-numeric into 0', () => {
    expect(
      checkinSchema.parse({
        movedMinutes: '45',
        steps: 'lots',
        proteinTargetHit: 'true',
        hydrationGoalHit: 'false',
      }),
    ).toEqual({
      movedMinutes: 45,
      steps: 0,
      proteinTargetHit: true,
      hydrationGoalHit: false,
      journalMd: '',
    });
  });

  it('treats blank numbers and missing flags as 0 and false', () => {
    expect(checkinSchema.parse({ movedMinutes: '', steps: undefined })).toMatchObject({
      movedMinutes: 0,
      steps: 0,
      proteinTargetHit: false,
      hydrationGoalHit: false,
    });
  });

  it('rounds decimals', () => {
    expect(checkinSchema.parse({ movedMinutes: 30.6, steps: '8000.2' })).toMatchObject({
      movedMinutes: 31,
      steps: 8000,
    });
  });

  it('refuses negatives and impossible values', () => {
    expect(firstError(checkinSchema, { movedMinutes: -5, steps: 0 })).toBe(
      'Please enter 0 or more.',
    );
    expect(firstError(checkinSchema, { movedMinutes: 1441, steps: 0 })).toBe(
      'A day has 1440 minutes. Please check your move minutes.',
    );
    expect(firstError(checkinSchema, { movedMinutes: 1440, steps: 200_001 })).toBe(
      'That step count looks too high. Please check it.',
    );
  });

  it('caps the journal at 2000 characters', () => {
    expect(firstError(checkinSchema, { journalMd: 'x'.repeat(2000) })).toBeNull();
    expect(firstError(checkinSchema, { journalMd: 'x'.repeat(2001) })).toBe(
      'Journal entries can be up to 2000 characters.',
    );
  });
});

describe('checkinEditSchema', () => {
  it('keeps only the fields an edit carries, and refuses an edit carrying none', () => {
    expect(checkinEditSchema.parse({ steps: '9000' })).toEqual({ steps: 9000 });
    expect(checkinEditSchema.parse({ journalMd: '' })).toEqual({ journalMd: '' });
    expect(firstError(checkinEditSchema, {})).toBe(
      'Nothing to save: the edit did not change any field.',
    );
    expect(firstError(checkinEditSchema, { steps: -1 })).toBe('Please enter 0 or more.');
  });
});

describe('a NUL character in free text', () => {
  const nul = 'Good\u0000day';
  const refused = 'Your text contains an invisible null character. Please remove it and try again.';
  // Every free-text field a member or an admin types, with its neighbours valid.
  const cases: [string, z.ZodType, Record<string, unknown>][] = [
    ['journal', checkinSchema, { journalMd: nul }],
    ['journal (edit)', checkinEditSchema, { journalMd: nul }],
    ['update', checkinUpdateSchema, { body: nul }],
    ['comment', commentSchema, { body: nul }],
    ['report', reportSchema, { reason: nul }],
    ['invite first name', inviteSchema, { email: 'a@example.com', firstName: nul }],
    ['invite last name', inviteSchema, { email: 'a@example.com', lastName: nul }],
    [
      'sign-up display name',
      signUpSchema,
      { displayName: nul, email: 'a@example.com', password: 'correct horse 1' },
    ],
    [
      'sign-up coupon',
      signUpSchema,
      { displayName: 'Al', email: 'a@example.com', password: 'correct horse 1', coupon: nul },
    ],
    ['workout notes', workoutPrefsSchema, { fitnessLevel: 'beginner', notes: nul }],
    ['health constraints', healthProfileSchema, { birthYear: 1990, constraints: nul }],
    ['admin display name', adminCreateUserSchema, { email: 'a@example.com', displayName: nul }],
    ['coupon notes', couponFormSchema, { code: 'SAVE', notes: nul }],
    ['badge name', badgeSchema, { name: nul, code: 'b' }],
    ['badge description', badgeSchema, { name: 'B', code: 'b', description: nul }],
    ['award reason', awardBadgeSchema, { badgeId: 1, userId: 'u1', reason: nul }],
    ['award member', awardBadgeSchema, { badgeId: 1, userId: nul }],
  ];

  it.each(cases)('is refused clearly in the %s', (_field, schema, input) => {
    expect(firstError(schema, input)).toBe(refused);
  });

  it('is refused in names and e-mail addresses too', () => {
    expect(firstError(displayNameSchema, nul)).toBe(refused);
    expect(firstError(emailSchema, 'a\u0000@example.com')).toBe(
      'Please enter a valid email address.',
    );
    expect(firstError(couponCodeSchema, nul)).toBe(refused);
  });
});

describe('checkinUpdateSchema', () => {
  it('makes a blank body undefined and caps its length', () => {
    expect(checkinUpdateSchema.parse({ body: '  ' })).toEqual({ body: undefined });
    expect(checkinUpdateSchema.parse({})).toEqual({ body: undefined });
    expect(checkinUpdateSchema.parse({ body: ' Evening walk ' })).toEqual({ body: 'Evening walk' });
    expect(firstError(checkinUpdateSchema, { body: 'x'.repeat(2001) })).toBe(
      'Updates can be up to 2000 characters.',
    );
  });
});

describe('commentSchema', () => {
  it('trims and needs 1 to 1000 characters', () => {
    expect(commentSchema.parse({ body: ' Nice work ' })).toEqual({ body: 'Nice work' });
    expect(firstError(commentSchema, { body: '   ' })).toBe('Please write a comment first.');
    expect(firstError(commentSchema, { body: 'x'.repeat(1001) })).toBe(
      'Comments can be up to 1000 characters.',
    );
  });
});

describe('reactionSchema', () => {
  it('accepts the four reaction keys only', () => {
    for (const reaction of ['like', 'strong', 'celebrate', 'fireworks']) {
      expect(reactionSchema.parse({ reaction })).toEqual({ reaction });
    }
    expect(firstError(reactionSchema, { reaction: 'angry' })).toBe(
      "That reaction isn't available.",
    );
  });
});

describe('reportSchema', () => {
  it('trims and needs 1 to 500 characters', () => {
    expect(reportSchema.parse({ reason: ' spam ' })).toEqual({ reason: 'spam' });
    expect(firstError(reportSchema, { reason: '' })).toBe(
      'Please tell us what is wrong with this post.',
    );
    expect(firstError(reportSchema, { reason: 'x'.repeat(501) })).toBe(
      'Please keep the reason under 500 characters.',
    );
  });
});

describe('timeZoneSchema', () => {
  it('accepts IANA zones and refuses the rest', () => {
    expect(timeZoneSchema.parse('America/Denver')).toBe('America/Denver');
    expect(firstError(timeZoneSchema, 'Denver')).toBe('Please choose a valid time zone.');
    expect(firstError(timeZoneSchema, null)).toBe('Please choose a valid time zone.');
  });
});

describe('settingsSchema', () => {
  it('defaults the reminder to 7 PM and accepts only 5 AM to 10 PM', () => {
    expect(settingsSchema.parse({ timezone: 'America/Denver' })).toEqual({
      reminderHour: 19,
      emailNudges: true,
      pushNudges: false,
      timezone: 'America/Denver',
    });
    expect(settingsSchema.parse({ timezone: 'UTC', reminderHour: '5' }).reminderHour).toBe(5);
    expect(firstError(settingsSchema, { timezone: 'UTC', reminderHour: 4 })).toBe(
      'Please choose a reminder time from the list.',
    );
    expect(firstError(settingsSchema, { timezone: 'UTC', reminderHour: 23 })).toBe(
      'Please choose a reminder time from the list.',
    );
  });
});

describe('healthProfileSchema', () => {
  const thisYear = new Date().getFullYear();

  it('accepts birth years from 1920 to this year', () => {
    expect(firstError(healthProfileSchema, { birthYear: 1920 })).toBeNull();
    expect(firstError(healthProfileSchema, { birthYear: String(thisYear) })).toBeNull();
    expect(firstError(healthProfileSchema, { birthYear: 1919 })).toBe(
      `Birth year must be between 1920 and ${thisYear}.`,
    );
    expect(firstError(healthProfileSchema, { birthYear: thisYear + 1 })).toBe(
      `Birth year must be between 1920 and ${thisYear}.`,
    );
  });

  it('leaves gender, height and weight optional but checks them when given', () => {
    const parsed = healthProfileSchema.parse({ birthYear: 1990, gender: '', heightCm: '' });
    expect(parsed.gender).toBeUndefined();
    expect(parsed.heightCm).toBeUndefined();
    expect(firstError(healthProfileSchema, { birthYear: 1990, heightCm: 20 })).toBe(
      'Please check your height.',
    );
    expect(firstError(healthProfileSchema, { birthYear: 1990, gender: 'robot' })).toBe(
      'Please choose an option from the list.',
    );
  });
});

describe('workoutPrefsSchema', () => {
  it('keeps digits only in age and defaults the step tracker to phone', () => {
    expect(workoutPrefsSchema.parse({ fitnessLevel: 'beginner', age: '4a2' })).toMatchObject({
      age: 42,
      stepTracker: 'phone',
      equipment: [],
      goals: [],
    });
    expect(firstError(workoutPrefsSchema, { fitnessLevel: 'elite' })).toBe(
      'Please choose an option from the list.',
    );
  });
});

describe('checkoutSchema', () => {
  it('takes a known price id or the trial flag', () => {
    expect(firstError(checkoutSchema, { priceId: 'price_monthly_9_usd' })).toBeNull();
    expect(firstError(checkoutSchema, { trial: true })).toBeNull();
    expect(firstError(checkoutSchema, { priceId: 'price_free' })).not.toBeNull();
  });
});

describe('adminCreateUserSchema', () => {
  it('defaults to a user with no comp and an invite', () => {
    expect(adminCreateUserSchema.parse({ email: 'new@x.io' })).toEqual({
      email: 'new@x.io',
      role: 'user',
      comp: 'none',
      sendInvite: true,
    });
    expect(
      adminCreateUserSchema.parse({ email: 'new@x.io', comp: 'lifetime', sendInvite: 'false' }),
    ).toMatchObject({
      comp: 'lifetime',
      sendInvite: false,
    });
  });
});

describe('couponFormSchema', () => {
  it('defaults months free to 3 and falls back to 1 for non-numeric input', () => {
    expect(couponFormSchema.parse({ code: 'a' }).monthsFree).toBe(3);
    expect(couponFormSchema.parse({ code: 'a', monthsFree: 'abc' }).monthsFree).toBe(1);
  });

  it('keeps months free within 1 to 24', () => {
    expect(firstError(couponFormSchema, { code: 'a', monthsFree: 0 })).toBe(
      'Months free must be between 1 and 24.',
    );
    expect(firstError(couponFormSchema, { code: 'a', monthsFree: 25 })).toBe(
      'Months free must be between 1 and 24.',
    );
  });

  it('reads blank max redemptions as unlimited and blank expiry as never', () => {
    expect(
      couponFormSchema.parse({ code: ' spring ', maxRedemptions: '', expiresAt: '' }),
    ).toMatchObject({
      code: 'SPRING',
      maxRedemptions: null,
      expiresAt: null,
      isActive: true,
    });
  });

  it('needs a whole max redemptions and a real date', () => {
    expect(couponFormSchema.parse({ code: 'a', maxRedemptions: '50' }).maxRedemptions).toBe(50);
    expect(firstError(couponFormSchema, { code: 'a', maxRedemptions: '2.5' })).toBe(
      'Max redemptions must be a whole number of 1 or more.',
    );
    expect(firstError(couponFormSchema, { code: 'a', expiresAt: 'soon' })).toBe(
      'Please enter a valid date.',
    );
    expect(
      couponFormSchema.parse({ code: 'a', expiresAt: '2026-12-31T23:59:00Z' }).expiresAt,
    ).toEqual(new Date('2026-12-31T23:59:00Z'));
  });
});

describe('badgeSchema', () => {
  it('requires a name and a snake_case code', () => {
    expect(badgeSchema.parse({ name: ' Early Bird ', code: 'Early_Bird' })).toEqual({
      name: 'Early Bird',
      code: 'early_bird',
    });
    expect(firstError(badgeSchema, { name: '', code: 'x' })).toBe('Please give the badge a name.');
    expect(firstError(badgeSchema, { name: 'X', code: 'early bird' })).toBe(
      'Use lowercase letters, numbers and underscores for the badge code.',
    );
  });
});

describe('awardBadgeSchema', () => {
  it('turns the badge id into a number and a blank reason into null', () => {
    expect(awardBadgeSchema.parse({ badgeId: '3', userId: 'u1', reason: '  ' })).toEqual({
      badgeId: 3,
      userId: 'u1',
      reason: null,
    });
    expect(firstError(awardBadgeSchema, { badgeId: '', userId: 'u1' })).toBe(
      'Please choose a badge.',
    );
  });
});

describe('single-line fields (issue 26 #3)', () => {
  const refused = msg.textHasControlCharacter;
  const broken = [
    'Ann\nBell',
    'Ann\r\nBell',
    'Ann\tBell',
    'Ann\u0007',
    'Ann\u2028Bell',
    'Ann\u202EBell',
  ];
  const profile = { displayName: 'Ann', homeTimezone: 'UTC' };
  const fields: [string, z.ZodType, (v: string) => unknown][] = [
    ['display name', displayNameSchema, (v) => v],
    [
      'sign-up display name',
      signUpSchema,
      (v) => ({ displayName: v, email: 'a@example.com', password: 'correct horse 1' }),
    ],
    ['profile display name', profileSchema, (v) => ({ ...profile, displayName: v })],
    ['profile first name', profileSchema, (v) => ({ ...profile, firstName: v })],
    ['profile last name', profileSchema, (v) => ({ ...profile, lastName: v })],
    ['profile country', profileSchema, (v) => ({ ...profile, country: v })],
    ['invite first name', inviteSchema, (v) => ({ email: 'b@example.com', firstName: v })],
    ['invite last name', inviteSchema, (v) => ({ email: 'b@example.com', lastName: v })],
    ['coupon code', couponCodeSchema, (v) => v],
    [
      'sign-up coupon',
      signUpSchema,
      (v) => ({
        displayName: 'Ann',
        email: 'a@example.com',
        password: 'correct horse 1',
        coupon: v,
      }),
    ],
    ['admin coupon code', couponFormSchema, (v) => ({ code: v })],
    [
      'admin display name',
      adminCreateUserSchema,
      (v) => ({ email: 'a@example.com', displayName: v }),
    ],
    ['admin first name', adminCreateUserSchema, (v) => ({ email: 'a@example.com', firstName: v })],
    ['badge name', badgeSchema, (v) => ({ name: v, code: 'b' })],
    ['award reason', awardBadgeSchema, (v) => ({ badgeId: 1, userId: 'u1', reason: v })],
  ];

  it.each(fields)(
    'refuses line breaks and control characters in the %s',
    (_field, schema, input) => {
      for (const value of broken)
        expect(firstError(schema, input(value)), JSON.stringify(value)).toBe(refused);
    },
  );

  it('still trims line breaks at the ends, and keeps accents, emoji and joined emoji', () => {
    expect(displayNameSchema.parse('  Ann Bell\n')).toBe('Ann Bell');
    expect(displayNameSchema.parse('Zoë 💪 👩‍👩‍👧')).toBe('Zoë 💪 👩‍👩‍👧');
    expect(couponCodeSchema.parse(' save10\n')).toBe('SAVE10');
  });

  it('leaves multi-line fields alone', () => {
    expect(firstError(commentSchema, { body: 'Nice\nwork' })).toBeNull();
    expect(firstError(reportSchema, { reason: 'Spam\nagain' })).toBeNull();
  });
});
