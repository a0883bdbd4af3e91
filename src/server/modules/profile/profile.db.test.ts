import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { AVATAR_UPLOADS_PER_HOUR } from '@shared/constants';
import { cmToFeetInches, feetInchesToCm, kgToPounds, poundsToKg } from '@shared/domain/units';
import { msg } from '@shared/messages';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { consents, healthProfile, profiles, userSettings } from '../../db/schema';
import { uploadAvatar as uploadAvatarService } from './avatar';
import { testPng } from '../../testing/images';

const t = setUpTestApp();

const png = (width = 64, height = 48) => testPng('#a3e635', width, height);

async function uploadAvatar(client: TestClient, bytes: Uint8Array, type = 'image/png') {
  return client.request('/api/profile/avatar', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(bytes),
  });
}

const validProfile = {
  displayName: 'Sam Runner',
  firstName: 'Sam',
  lastName: 'Lee',
  country: 'Canada',
  unitPref: 'metric',
};

const thisYear = new Date().getFullYear();
const validHealth = {
  birthYear: 1990,
  gender: 'female',
  heightCm: feetInchesToCm(5, 10),
  weightKg: poundsToKg(180),
  baselineSteps: 6000,
  goals: ['strength', 'mobility'],
  equipment: ['dumbbells', 'bands'],
  constraints: 'Left knee: no jumping',
  socialShareWeight: false,
};

describe('the profile', () => {
  it('reads and updates the member’s own public profile', async () => {
    const { client, email } = await t.member({ displayName: 'Sam' });
    const before = await (await client.request('/api/profile')).json();
    expect(before).toMatchObject({
      displayName: 'Sam',
      email,
      unitPref: 'imperial',
      avatarUrl: null,
    });
    expect(Date.parse(before.memberSince)).toBeGreaterThan(0);

    const res = await client.request('/api/profile', { method: 'PUT', json: validProfile });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(validProfile);
    const session = await (await client.request('/api/account/session')).json();
    expect(session.user.displayName).toBe('Sam Runner');
  });

  it('refuses an empty display name and units not on the list, saving nothing', async () => {
    const { client, userId } = await t.member({ displayName: 'Kept' });
    const cases: [object, number, string][] = [
      [{ ...validProfile, displayName: '   ' }, 422, msg.fillInDisplayName],
      [{ ...validProfile, unitPref: 'furlongs' }, 422, msg.invalidOption],
    ];
    for (const [body, status, message] of cases) {
      const res = await client.request('/api/profile', { method: 'PUT', json: body });
      expect(res.status).toBe(status);
      expect((await res.json()).message).toBe(message);
    }
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(row).toMatchObject({ displayName: 'Kept', unitPref: 'imperial' });
  });

  it('has no time zone of its own: the one zone is the setting the day, session and My Cycle use (decision 0033)', async () => {
    const { client } = await t.member({ timeZone: 'America/Los_Angeles' });
    const saved = await client.request('/api/profile', {
      method: 'PUT',
      json: { ...validProfile, homeTimezone: 'Asia/Tokyo' },
    });
    expect(saved.status).toBe(200);
    const profile = await (await client.request('/api/profile')).json();
    expect(profile).not.toHaveProperty('homeTimezone');
    const zones = async () => ({
      session: (await (await client.request('/api/account/session')).json()).user.timeZone,
      today: (await (await client.request('/api/checkins/today')).json()).cycle.timeZone,
      cycle: (await (await client.request('/api/cycle')).json()).cycle.timeZone,
      settings: (await (await client.request('/api/settings')).json()).settings.timezoneInEffect,
    });
    expect(await zones()).toEqual({
      session: 'America/Los_Angeles',
      today: 'America/Los_Angeles',
      cycle: 'America/Los_Angeles',
      settings: 'America/Los_Angeles',
    });
    // A new zone takes effect at once or at the next shared midnight (decision 0016): whichever, every
    // reader names the same zone in effect.
    const changed = await client.request('/api/settings', {
      method: 'PUT',
      json: { reminderHour: 19, emailNudges: true, pushNudges: false, timezone: 'Asia/Tokyo' },
    });
    expect(changed.status).toBe(200);
    const after = await zones();
    expect(new Set(Object.values(after))).toEqual(new Set([after.settings]));
  });

  it('refuses line breaks and control characters in names, saving nothing (issue 26 #3)', async () => {
    const { client, userId } = await t.member({ displayName: 'Kept' });
    for (const field of ['displayName', 'firstName', 'lastName', 'country'] as const) {
      const res = await client.request('/api/profile', {
        method: 'PUT',
        json: { ...validProfile, [field]: 'Sam\r\nRunner' },
      });
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.details.fields[field]).toBe(msg.textHasControlCharacter);
    }
    const signUp = await t.client().request('/api/account/sign-up', {
      method: 'POST',
      json: { displayName: 'Eve\nAdmin', email: 'eve@example.com', password: 'correct horse 1' },
    });
    expect(signUp.status).toBe(422);
    expect((await signUp.json()).details.fields.displayName).toBe(msg.textHasControlCharacter);
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(row.displayName).toBe('Kept');
  });

  it('needs a signed-in member on every endpoint', async () => {
    const anonymous = t.client();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', validProfile],
      ['GET', '/api/profile/badges'],
      ['GET', '/api/profile/health'],
      ['PUT', '/api/profile/health', validHealth],
      ['POST', '/api/profile/intake', validHealth],
      ['POST', '/api/profile/intake/skip', {}],
      ['DELETE', '/api/profile/avatar'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings', { reminderHour: 7, timezone: 'America/Denver' }],
      ['PUT', '/api/settings/consents', { marketingOptIn: true }],
      ['POST', '/api/account/export', {}],
      ['POST', '/api/account/delete', { confirmation: 'DELETE' }],
    ];
    for (const [method, path, json] of calls) {
      const res = await anonymous.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const upload = await uploadAvatar(anonymous, await png());
    expect(upload.status).toBe(401);
  });
});

describe('ownership', () => {
  it('acts only on the signed-in member, whatever ids the request carries', async () => {
    const a = await t.member({ displayName: 'Alex' });
    const b = await t.member({ displayName: 'Blair' });
    await b.client.request('/api/profile/health', { method: 'PUT', json: validHealth });
    // B accepted the terms at sign-up: A's acceptance must not move B's date.
    const [bConsentsBefore] = await t.deps.db
      .select()
      .from(consents)
      .where(eq(consents.userId, b.userId));

    // Ids in the body or query are ignored: the session decides whose data it is.
    const sneaky = { userId: b.userId, id: b.userId, user_id: b.userId };
    await a.client.request(`/api/profile?userId=${b.userId}`, {
      method: 'PUT',
      json: { ...validProfile, ...sneaky, displayName: 'Changed by A' },
    });
    await a.client.request(`/api/profile/health?userId=${b.userId}`, {
      method: 'PUT',
      json: { ...validHealth, ...sneaky, birthYear: 1955 },
    });
    await a.client.request('/api/settings', {
      method: 'PUT',
      json: { ...sneaky, reminderHour: 5, emailNudges: false, timezone: 'America/Chicago' },
    });
    await a.client.request('/api/settings/consents', {
      method: 'PUT',
      json: { ...sneaky, marketingOptIn: true, tosAccepted: true },
    });

    const [bProfile] = await t.deps.db.select().from(profiles).where(eq(profiles.id, b.userId));
    expect(bProfile.displayName).toBe('Blair');
    const [bHealth] = await t.deps.db
      .select()
      .from(healthProfile)
      .where(eq(healthProfile.userId, b.userId));
    expect(bHealth.birthYear).toBe(1990);
    const [bSettings] = await t.deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, b.userId));
    expect(bSettings).toMatchObject({ reminderHour: 19, emailNudges: true });
    const [bConsents] = await t.deps.db
      .select()
      .from(consents)
      .where(eq(consents.userId, b.userId));
    expect(bConsents).toMatchObject({
      marketingOptIn: false,
      tosAcceptedAt: bConsentsBefore.tosAcceptedAt,
    });

    // And reads answer with the reader's own data only.
    const aProfile = await (await a.client.request(`/api/profile?userId=${b.userId}`)).json();
    expect(aProfile.displayName).toBe('Changed by A');
    const aHealth = await (await a.client.request(`/api/profile/health?userId=${b.userId}`)).json();
    expect(aHealth.health.birthYear).toBe(1955);
    const aSettings = await (await a.client.request(`/api/settings?userId=${b.userId}`)).json();
    expect(aSettings.settings.reminderHour).toBe(5);
    expect(aSettings.consents.marketingOptIn).toBe(true);
  });
});

describe('the health profile', () => {
  it('creates, reads back and updates, keeping 5 ft 10 in and 180 lb exact', async () => {
    const { client } = await t.member();
    const empty = await (await client.request('/api/profile/health')).json();
    expect(empty).toEqual({ health: null, intakeSkippedAt: null });

    const created = await client.request('/api/profile/health', {
      method: 'PUT',
      json: validHealth,
    });
    expect(created.status).toBe(200);
    expect((await created.json()).created).toBe(true);

    const { health } = await (await client.request('/api/profile/health')).json();
    expect(health).toMatchObject({ ...validHealth, goals: ['strength', 'mobility'] });
    expect(cmToFeetInches(health.heightCm)).toEqual({ feet: 5, inches: 10 });
    expect(kgToPounds(health.weightKg)).toBe(180);

    const updated = await client.request('/api/profile/health', {
      method: 'PUT',
      json: { ...validHealth, gender: '', constraints: '', baselineSteps: '' },
    });
    const body = await updated.json();
    expect(body.created).toBe(false);
    expect(body.health).toMatchObject({ gender: null, constraints: null, baselineSteps: null });
  });

  it('refuses bad birth years, heights and weights with a clear error, saving nothing', async () => {
    const { client, userId } = await t.member();
    await client.request('/api/profile/health', { method: 'PUT', json: validHealth });
    const cases: [object, string][] = [
      [{ birthYear: 1900 }, msg.birthYearRange(thisYear)],
      [{ birthYear: thisYear + 1 }, msg.birthYearRange(thisYear)],
      [{ heightCm: -5 }, msg.heightRange],
      [{ weightKg: 5000 }, msg.weightRange],
      [{ gender: 'robot' }, msg.invalidOption],
      [{ goals: ['world_domination'] }, msg.invalidOption],
    ];
    for (const [change, message] of cases) {
      for (const path of ['/api/profile/health', '/api/profile/intake']) {
        const res = await client.request(path, {
          method: path.endsWith('intake') ? 'POST' : 'PUT',
          json: { ...validHealth, ...change },
        });
        expect(res.status, JSON.stringify(change)).toBe(422);
        expect((await res.json()).message).toBe(message);
      }
    }
    const [row] = await t.deps.db
      .select()
      .from(healthProfile)
      .where(eq(healthProfile.userId, userId));
    expect(row).toMatchObject({ birthYear: 1990, gender: 'female', baselineSteps: 6000 });
    expect(row.heightCm).toBeCloseTo(177.8, 10);
    const [consent] = await t.deps.db.select().from(consents).where(eq(consents.userId, userId));
    expect(consent.healthDisclaimerAcceptedAt).toBeNull();
  });
});

describe('the Day-1 Health Intake', () => {
  it('saves the health profile and records the health disclaimer once', async () => {
    const { client, userId } = await t.member();
    const res = await client.request('/api/profile/intake', { method: 'POST', json: validHealth });
    expect(res.status).toBe(200);
    expect((await res.json()).created).toBe(true);
    const [first] = await t.deps.db.select().from(consents).where(eq(consents.userId, userId));
    expect(first.healthDisclaimerAcceptedAt).toBeInstanceOf(Date);

    await client.request('/api/profile/intake', { method: 'POST', json: validHealth });
    const [again] = await t.deps.db.select().from(consents).where(eq(consents.userId, userId));
    expect(again.healthDisclaimerAcceptedAt).toEqual(first.healthDisclaimerAcceptedAt);
    const settings = await (await client.request('/api/settings')).json();
    expect(settings.consents.healthDisclaimerAcceptedAt).toBe(
      first.healthDisclaimerAcceptedAt!.toISOString(),
    );
  });

  it('stays skipped on every device once skipped', async () => {
    const { client, email } = await t.member();
    const skipped = await client.request('/api/profile/intake/skip', { method: 'POST', json: {} });
    expect(skipped.status).toBe(200);
    const { intakeSkippedAt } = await skipped.json();
    expect(Date.parse(intakeSkippedAt)).toBeGreaterThan(0);

    // A second device: a fresh sign-in by code.
    const phone = t.client();
    await phone.request('/api/account/send-code', { method: 'POST', json: { email } });
    const code = await t.lastCode(email);
    const signIn = await phone.request('/api/account/sign-in', {
      method: 'POST',
      json: { email, code },
    });
    expect(signIn.status).toBe(200);
    const health = await (await phone.request('/api/profile/health')).json();
    expect(health).toEqual({ health: null, intakeSkippedAt });
  });
});

describe('settings and consents', () => {
  it('starts from the defaults and saves notifications', async () => {
    const { client } = await t.member({ timeZone: 'America/Denver' });
    const { settings, consents: consent } = await (await client.request('/api/settings')).json();
    expect(settings).toEqual({
      reminderHour: 19,
      emailNudges: true,
      pushNudges: false,
      weeklyReviewEmail: true,
      timezone: 'America/Denver',
      timezoneInEffect: 'America/Denver',
    });
    // The terms box ticked at sign-up is on record from the first proof (issue 26).
    expect(Date.parse(consent.tosAcceptedAt)).toBeGreaterThan(0);
    expect(consent).toEqual({
      tosAcceptedAt: consent.tosAcceptedAt,
      healthDisclaimerAcceptedAt: null,
      marketingOptIn: false,
      marketingOptedAt: null,
    });
    const res = await client.request('/api/settings', {
      method: 'PUT',
      json: { reminderHour: 5, emailNudges: false, pushNudges: true, timezone: 'America/Denver' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).settings).toMatchObject({
      reminderHour: 5,
      emailNudges: false,
      pushNudges: true,
      // A form without the weekly review switch leaves it as it was (decision 0049).
      weeklyReviewEmail: true,
    });
  });

  it('refuses a reminder hour of 3 and a time zone not on the list, saving nothing', async () => {
    const { client, userId } = await t.member({ timeZone: 'America/Denver' });
    const cases: [object, string][] = [
      [{ reminderHour: 3, timezone: 'America/Denver' }, msg.invalidReminderHour],
      [{ reminderHour: 23, timezone: 'America/Denver' }, msg.invalidReminderHour],
      [{ reminderHour: 8, timezone: 'Africa/Cairo' }, msg.invalidTimeZone],
      [{ reminderHour: 8, timezone: 'Nowhere/Atlantis' }, msg.invalidTimeZone],
    ];
    for (const [body, message] of cases) {
      const res = await client.request('/api/settings', { method: 'PUT', json: body });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(message);
    }
    const [row] = await t.deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    expect(row).toMatchObject({ reminderHour: 19, timezone: 'America/Denver' });
  });

  it('keeps a sign-up time zone that is not on the list while other settings change', async () => {
    const { client } = await t.member({ timeZone: 'Europe/Berlin' });
    const res = await client.request('/api/settings', {
      method: 'PUT',
      json: { reminderHour: 6, timezone: 'Europe/Berlin' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).settings).toMatchObject({
      reminderHour: 6,
      timezone: 'Europe/Berlin',
    });
  });

  it('records terms and the health disclaimer once, and marketing with each change', async () => {
    const { client } = await t.member();
    const put = async (json: object) =>
      (await client.request('/api/settings/consents', { method: 'PUT', json })).json();
    const accepted = (await put({ tosAccepted: true })).consents;
    expect(Date.parse(accepted.tosAcceptedAt)).toBeGreaterThan(0);
    const again = (await put({ tosAccepted: true, healthDisclaimerAccepted: true })).consents;
    expect(again.tosAcceptedAt).toBe(accepted.tosAcceptedAt);
    expect(again.healthDisclaimerAcceptedAt).not.toBeNull();

    const on = (await put({ marketingOptIn: true })).consents;
    expect(on.marketingOptIn).toBe(true);
    expect(Date.parse(on.marketingOptedAt)).toBeGreaterThan(0);
    const off = (await put({ marketingOptIn: false })).consents;
    expect(off.marketingOptIn).toBe(false);
    expect(Date.parse(off.marketingOptedAt)).toBeGreaterThanOrEqual(
      Date.parse(on.marketingOptedAt),
    );

    const empty = await client.request('/api/settings/consents', { method: 'PUT', json: {} });
    expect(empty.status).toBe(422);
    const withdraw = await client.request('/api/settings/consents', {
      method: 'PUT',
      json: { tosAccepted: false },
    });
    expect(withdraw.status).toBe(422);
  });
});

describe('the avatar', () => {
  it('stores a re-encoded image under the member and shows it in the session, feed and leaderboard', async () => {
    const a = await t.member({ displayName: 'Avery' });
    const viewer = await t.member();
    await a.client.request('/api/checkins', {
      method: 'POST',
      json: { movedMinutes: 20, steps: 3000, journalMd: 'Avatar day' },
    });
    // Prime the feed's cache with the old (empty) avatar.
    await viewer.client.request('/api/feed');

    const jpegWithExif = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#f97316' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-home-address' } })
      .toBuffer();
    expect(jpegWithExif.includes('secret-home-address')).toBe(true);
    const res = await uploadAvatar(a.client, jpegWithExif, 'image/jpeg');
    expect(res.status).toBe(201);
    const profile = await res.json();
    expect(profile.avatarUrl).toMatch(new RegExp(`^/api/avatars/${a.userId}/[\\w-]+\\.webp$`));

    const image = await viewer.client.request(profile.avatarUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes('secret-home-address')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();

    const session = await (await a.client.request('/api/account/session')).json();
    expect(session.user.avatarUrl).toBe(profile.avatarUrl);
    const feed = await (await viewer.client.request('/api/feed')).json();
    const post = feed.posts.find((p: { author: { id: string } }) => p.author.id === a.userId);
    expect(post.author.avatarUrl).toBe(profile.avatarUrl);
    const board = await (await viewer.client.request('/api/community')).json();
    const entry = board.leaderboard.find((e: { userId: string }) => e.userId === a.userId);
    expect(entry.avatarUrl).toBe(profile.avatarUrl);
  });

  it('replaces the previous file, which is then gone', async () => {
    const { client } = await t.member();
    const first = await (await uploadAvatar(client, await png())).json();
    const second = await (await uploadAvatar(client, await png(80, 80))).json();
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    await expect.poll(async () => (await client.request(first.avatarUrl)).status).toBe(404);
    const key = first.avatarUrl.replace(/^\/api\/avatars\/([^/]+)\//, 'u/$1/avatar/');
    await expect.poll(async () => t.deps.storage.stat(key)).toBeNull();

    const removed = await client.request('/api/profile/avatar', { method: 'DELETE' });
    expect((await removed.json()).avatarUrl).toBeNull();
    expect((await client.request(second.avatarUrl)).status).toBe(404);
  });

  it('refuses a PDF renamed to .png, keeping the current avatar', async () => {
    const { client, userId } = await t.member();
    const current = await (await uploadAvatar(client, await png())).json();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'.repeat(
        80,
      ),
    );
    const refused = await uploadAvatar(client, pdf, 'image/png');
    expect(refused.status).toBe(415);
    expect((await refused.json()).message).toBe(msg.selectImageFile);
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(row.avatarUrl).toBe(current.avatarUrl);
  });

  /** 6 MB behind a real PNG header: refused at the 5 MB mark, while it streams. */
  const sixMegabytes = async () => {
    const head = await png();
    return Buffer.concat([head, Buffer.alloc(6 * 1024 * 1024 - head.length, 1)]);
  };

  it('refuses a 6 MB image in the upload service, keeping the current avatar', async () => {
    const { client, userId } = await t.member();
    const current = await (await uploadAvatar(client, await png())).json();
    const ctx = await t.contextFor(userId);
    const body = new Blob([new Uint8Array(await sixMegabytes())]).stream();
    await expect(uploadAvatarService(ctx, { body })).rejects.toMatchObject({
      status: 413,
      message: msg.avatarTooLarge,
    });
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(row.avatarUrl).toBe(current.avatarUrl);
  });

  // Needs '/api/profile/avatar' in STREAMING_UPLOAD_ROUTES (http/body-limit.ts): until then the
  // 64 KB cap on non-upload bodies answers first, and every photo over 64 KB is refused.
  it('refuses a 6 MB image over HTTP with the avatar message', async () => {
    const { client } = await t.member();
    const tooBig = await uploadAvatar(client, await sixMegabytes(), 'image/png');
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe(msg.avatarTooLarge);
  });

  it('serves only current avatars, to signed-in members', async () => {
    const a = await t.member();
    const b = await t.member();
    const { avatarUrl } = await (await uploadAvatar(a.client, await png())).json();
    expect((await t.client().request(avatarUrl)).status).toBe(401);
    const file = avatarUrl.split('/').at(-1);
    // The same file name under another member, a path escape, a thumbnail-style name: all 404.
    for (const path of [
      `/api/avatars/${b.userId}/${file}`,
      `/api/avatars/${a.userId}/..%2F..%2Fsecret.webp`,
      `/api/avatars/${a.userId}/other.webp`,
    ]) {
      expect((await b.client.request(path)).status, path).toBe(404);
    }
  });

  it(`limits uploads to ${AVATAR_UPLOADS_PER_HOUR} an hour per member`, async () => {
    const { client } = await t.member();
    const image = await png(16, 16);
    for (let i = 0; i < AVATAR_UPLOADS_PER_HOUR; i += 1) {
      expect((await uploadAvatar(client, image)).status).toBe(201);
    }
    const refused = await uploadAvatar(client, image);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^You've changed your picture a lot/);
  });
});
