import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Locale } from '@shared/i18n/locales';
import { msg } from '@shared/messages';
import { crewCycles, profiles, pushSubscriptions, subscriptions, userSettings } from '../db/schema';
import { systemContext } from './context';
import { runWithLocale } from './locale';
import type { MailMessage } from './mail';
import { forgetSessions } from './session-cache';
import { sendDueReminders } from '../modules/notifications/service';
import { run as sendWeeklyReviews } from '../modules/review/email';
import { runCrewCycleJob } from '../modules/crew-cycles/eve-reminder';
import { startCycleOn } from '../testing/cycles';
import { setUpTestApp, type TestMember } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { browserKeys, decryptPush, type BrowserKeys } from '../testing/web-push';

// Issue 47, decision 0119: every message to a person is written in the recipient's language (their
// setting; for a code, the request's when the address has none), never the sender's or the job's.
// Each mail is parsed: <html lang> and the subject and heading as that locale's catalogue says.

const t = setUpTestApp();

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['document'];

function find(node: Node, name: string): DefaultTreeAdapterMap['element'] | null {
  if ('tagName' in node && node.tagName === name) return node;
  for (const child of 'childNodes' in node ? node.childNodes : []) {
    const found = find(child, name);
    if (found) return found;
  }
  return null;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return ('childNodes' in node ? node.childNodes : []).map(textOf).join('');
}

/** What a mail client shows of a mail: its language, subject and heading. */
function read(mail: MailMessage) {
  const document = parse(mail.html);
  const html = find(document, 'html')!;
  return {
    lang: html.attrs.find((a) => a.name === 'lang')?.value,
    subject: mail.subject,
    heading: textOf(find(document, 'h1')!),
  };
}

/** What the catalogue of `locale` says: the expected words, whatever translators have done yet. */
const inLocale = <T>(locale: Locale, words: () => T): T => runWithLocale(locale, words);

async function mailTo(email: string, kind: string): Promise<MailMessage> {
  await t.deps.mailer.idle();
  const mail = t.mails.filter((m) => m.to === email && m.kind === kind).at(-1);
  expect(mail, `${kind} to ${email}`).toBeDefined();
  return mail!;
}

async function setLanguage(m: TestMember, language: Locale | null) {
  await t.database.db.update(profiles).set({ language }).where(eq(profiles.id, m.userId));
  await forgetSessions(t.deps);
}

/** A member in `language` with a cycle from `startDate`, reminded at 09:00 UTC. */
async function memberIn(
  language: Locale | null,
  startDate: string,
  settings: Partial<typeof userSettings.$inferInsert> = {},
) {
  const m = await t.member({ displayName: `Member ${language ?? 'none'}` });
  await setLanguage(m, language);
  await t.database.db
    .update(userSettings)
    .set({ timezone: 'UTC', reminderHour: 9, emailNudges: true, ...settings })
    .where(eq(userSettings.userId, m.userId));
  await startCycleOn(t.database.db, m.userId, startDate);
  return m;
}

// Push: the member's device is at a real push service's address; the request that would go there
// is caught and decrypted as the browser would.
const pushed = new Map<string, Buffer>();
afterEach(() => vi.restoreAllMocks());
function catchPushes() {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('https://fcm.googleapis.com/')) return realFetch(input, init);
    pushed.set(url, Buffer.from(init!.body as Uint8Array));
    return new Response(null, { status: 201 });
  });
}
async function device(m: TestMember): Promise<{ endpoint: string; keys: BrowserKeys }> {
  const keys = browserKeys();
  const endpoint = `https://fcm.googleapis.com/fcm/send/${m.userId}`;
  await t.database.db
    .insert(pushSubscriptions)
    .values({ userId: m.userId, endpoint, p256dh: keys.p256dh, auth: keys.authText });
  return { endpoint, keys };
}
function notification(at: { endpoint: string; keys: BrowserKeys }) {
  const body = pushed.get(at.endpoint);
  expect(body, `a push to ${at.endpoint}`).toBeDefined();
  return JSON.parse(decryptPush(body!, at.keys)) as { title: string; body: string; lang: string };
}

const LOCALES: Locale[] = ['en', 'es', 'de'];

describe(`messages in the recipient's language (${databaseLabel})`, () => {
  it('daily reminders by e-mail and push: each member reads theirs in their language; never chosen: English', async () => {
    catchPushes();
    const members = new Map<Locale | null, TestMember>();
    const devices = new Map<Locale | null, Awaited<ReturnType<typeof device>>>();
    for (const language of [...LOCALES, null]) {
      const m = await memberIn(language, '2026-06-01', { pushNudges: true });
      members.set(language, m);
      devices.set(language, await device(m));
    }
    // 10:00 UTC on June 3: Day 3, nothing checked in.
    await sendDueReminders(
      systemContext(t.deps, 'reminders', () => new Date('2026-06-03T10:00:00Z')),
    );
    for (const [language, m] of members) {
      const locale = language ?? 'en';
      const mail = read(await mailTo(m.email, 'daily_reminder'));
      expect(mail).toEqual({
        lang: locale,
        subject: inLocale(locale, () => msg.mail.reminderSubject(3)),
        heading: inLocale(locale, () => msg.mail.reminderTitle),
      });
      expect(notification(devices.get(language)!)).toMatchObject({
        lang: locale,
        title: inLocale(locale, () => msg.mail.reminderSubject(3)),
        body: inLocale(locale, () => msg.push.reminderFreshBody),
      });
    }
    // The words differ where the translators have written them (the layout's own at least).
    const es = (await mailTo(members.get('es')!.email, 'daily_reminder')).html;
    const en = (await mailTo(members.get('en')!.email, 'daily_reminder')).html;
    expect(es).toContain(inLocale('es', () => msg.mail.tagline));
    expect(en).toContain('Show up. Stack days. Become unstoppable.');
  });

  it('a nudge from an English crewmate reaches a Spanish and a German member in theirs, and answers the sender in English', async () => {
    catchPushes();
    const maya = await t.member({ displayName: 'Maya' });
    await setLanguage(maya, 'en');
    const sol = await t.member({ displayName: 'Sol' });
    const kai = await t.member({ displayName: 'Kai' });
    await setLanguage(sol, 'es');
    await setLanguage(kai, 'de');
    for (const m of [sol, kai])
      await t.database.db
        .update(userSettings)
        .set({ emailNudges: true, pushNudges: true })
        .where(eq(userSettings.userId, m.userId));
    const solDevice = await device(sol);
    const crew = (await (
      await maya.client.request('/api/crews', { method: 'POST', json: { name: 'Dawn Crew' } })
    ).json()) as { id: string };
    const link = (await (
      await maya.client.request(`/api/crews/${crew.id}/invite`, { method: 'POST' })
    ).json()) as { url: string };
    const token = link.url.split('/crews/join/')[1];
    for (const m of [sol, kai]) {
      const joined = await m.client.request(`/api/crew-invites/${token}/join`, { method: 'POST' });
      expect(joined.status).toBe(200);
      await m.client.request('/api/checkins/today'); // their cycle starts
    }

    for (const [to, name, locale] of [
      [sol, 'Sol', 'es'],
      [kai, 'Kai', 'de'],
    ] as const) {
      const sent = await maya.client.request(`/api/crews/${crew.id}/nudges`, {
        method: 'POST',
        headers: { 'accept-language': 'en-US' },
        json: { userId: to.userId },
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      expect(((await sent.json()) as { message: string }).message).toBe(
        inLocale('en', () => msg.crewNudgeSent(name)),
      );
      const mail = read(await mailTo(to.email, 'crew_nudge'));
      expect(mail.lang).toBe(locale);
      expect(mail.subject).toBe(inLocale(locale, () => msg.crewNudgeTitle('Maya', 1)));
    }
    // The translators' words, once written (src/locales/es.json, de.json).
    expect((await mailTo(sol.email, 'crew_nudge')).subject).toMatch(/^Maya .*Día 1/);
    expect((await mailTo(kai.email, 'crew_nudge')).subject).toMatch(/^Maya .*Tag 1/);
    expect(notification(solDevice)).toMatchObject({
      lang: 'es',
      title: inLocale('es', () => msg.crewNudgeTitle('Maya', 1)),
      body: inLocale('es', () => msg.crewNudgeLead('Maya', 'Dawn Crew')),
    });
  });

  it('the weekly review, the free-time-ending notice and the crew-cycle eve reminder are in the member language', async () => {
    catchPushes();
    const es = await memberIn('es', '2026-06-01', { weeklyReviewEmail: true });
    const de = await memberIn('de', '2026-06-01', { weeklyReviewEmail: true });
    // Week 1 ends on June 7: its review goes out on June 8 from the reminder hour.
    await sendWeeklyReviews(
      systemContext(t.deps, 'weekly-review'),
      new Date('2026-06-08T10:00:00Z'),
    );
    for (const [m, locale] of [
      [es, 'es'],
      [de, 'de'],
    ] as const) {
      const mail = read(await mailTo(m.email, 'weekly_review'));
      const stat = inLocale(locale, () => msg.mail.reviewStat(0, 7));
      expect(mail).toEqual({
        lang: locale,
        subject: inLocale(locale, () => msg.mail.reviewSubject(false, 1, stat)),
        heading: inLocale(locale, () => msg.mail.reviewTitle(false, 1)),
      });
    }

    // A trial ending in two days: an account mail, its date in the member's words.
    const when = new Date('2026-06-08T10:00:00Z');
    const ends = new Date('2026-06-10T12:00:00Z');
    await t.database.db
      .insert(subscriptions)
      .values({ userId: de.userId, status: 'trialing', currentPeriodEnd: ends })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { status: 'trialing', currentPeriodEnd: ends },
      });
    await sendDueReminders(systemContext(t.deps, 'reminders', () => when));
    const ending = await mailTo(de.email, 'trial_ending');
    expect(read(ending)).toEqual({
      lang: 'de',
      subject: inLocale('de', () => msg.mail.accessEndingSubject('trial')),
      heading: inLocale('de', () => msg.mail.accessEndingTitle('trial')),
    });
    expect(ending.text).toContain('10. Juni');

    // A crew cycle starting tomorrow: the evening before, at the reminder hour.
    const crew = (await (
      await es.client.request('/api/crews', { method: 'POST', json: { name: 'Alba' } })
    ).json()) as { id: string };
    await t.database.db
      .insert(crewCycles)
      .values({ crewId: crew.id, startDate: '2026-06-09', mode: 'forgiving' });
    await runCrewCycleJob(systemContext(t.deps, 'crew-cycles', () => when));
    expect(read(await mailTo(es.email, 'crew_cycle_eve'))).toEqual({
      lang: 'es',
      subject: inLocale('es', () => msg.crewCycleReminderTitle('Alba')),
      heading: inLocale('es', () => msg.crewCycleReminderTitle('Alba')),
    });
  });

  it("codes: the account's language beats the browser's; an address without one gets the request's", async () => {
    const client = () => t.client();
    const ask = (email: string, language: string) =>
      client().request('/api/account/send-code', {
        method: 'POST',
        headers: { 'accept-language': language },
        json: { email, purpose: 'sign-in' },
      });

    const es = await t.member();
    await setLanguage(es, 'es');
    await t.resetLimits();
    expect((await ask(es.email, 'de-DE,de;q=0.9')).status).toBe(200);
    const code = await t.lastCode(es.email);
    const mail = read(await mailTo(es.email, 'sign_in_code'));
    expect(mail).toEqual({
      lang: 'es',
      subject: inLocale('es', () => msg.mail.codeSignInSubject(code)),
      heading: inLocale('es', () => msg.mail.codeSignInTitle),
    });

    const never = await t.member();
    await setLanguage(never, null);
    await t.resetLimits();
    expect((await ask(never.email, 'es-ES')).status).toBe(200);
    expect(read(await mailTo(never.email, 'sign_in_code')).lang).toBe('es');

    // A new address: the sign-up's browser.
    const email = `neu-${Date.now()}@example.com`;
    const signUp = await client().request('/api/account/sign-up', {
      method: 'POST',
      headers: { 'accept-language': 'de-DE' },
      json: { displayName: 'Neu', email, password: 'correct horse 1', acceptTerms: true },
    });
    expect(signUp.status).toBe(201);
    const verify = read(await mailTo(email, 'verification_code'));
    expect(verify.lang).toBe('de');
    expect(verify.heading).toBe(inLocale('de', () => msg.mail.codeVerifyTitle));
  });

  it("an admin's invite: in the admin's language until the invitee's browser is known, then in the invitee's", async () => {
    const admin = await t.member({ displayName: 'Ada Admin' });
    await t.setAdminFlag(admin.userId);
    await setLanguage(admin, 'de');
    const email = `invitee-${Date.now()}@example.com`;
    const created = await admin.client.request('/api/admin/users', {
      method: 'POST',
      json: { email, firstName: 'Ines', sendInvite: true },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { userId } = (await created.json()) as { userId: string };
    const first = await mailTo(email, 'admin_invite');
    expect(read(first)).toMatchObject({
      lang: 'de',
      subject: inLocale('de', () => msg.mail.adminInviteSubject),
    });

    // The invitee opens the link in a Spanish browser; the resent invite is in Spanish.
    const token = new URL(first.text.match(/https?:\/\/\S+admin_invite\S+/)![0]).searchParams.get(
      'token',
    )!;
    const opened = await t
      .client()
      .request(
        `/api/account/admin-invite?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`,
        { headers: { 'accept-language': 'es-ES,es;q=0.9' } },
      );
    expect(opened.status).toBe(200);
    const resent = await admin.client.request(`/api/admin/users/${userId}/invite`, {
      method: 'POST',
    });
    expect(resent.status).toBe(200);
    await t.deps.mailer.idle();
    const second = t.mails.filter((m) => m.to === email && m.kind === 'admin_invite');
    expect(second).toHaveLength(2);
    expect(read(second[1])).toMatchObject({
      lang: 'es',
      subject: inLocale('es', () => msg.mail.adminInviteSubject),
    });
  });
});
