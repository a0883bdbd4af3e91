import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { addDays } from '@shared/domain/local-date';
import { checkins, notificationLogs, pushSubscriptions, userSettings } from '../../db/schema';
import { systemContext } from '../../lib/context';
import { createServices } from '../../services';
import { databaseLabel } from '../../testing/test-database';
import { setUpTestApp } from '../../testing/test-app';
import { refreshCycleStats } from '../../queries/cycle-stats';
import { run } from './email';
import { startCycleOn } from '../../testing/cycles';

// The weekly review e-mail: once per member and week on any number of processes, only the newest
// after downtime, its own setting and unsubscribe link. Mail is read from what the app handed over.

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const SECRET = 'test-secret-test-secret-test-secret-000';
const t = setUpTestApp();

const reviewsTo = (email: string) =>
  t.mails.filter((m) => m.to === email && m.kind === 'weekly_review');

async function member(input: {
  timezone: string;
  hour: number;
  startDate: string;
  days?: number[];
  weeklyReviewEmail?: boolean;
  emailNudges?: boolean;
}) {
  const m = await t.member();
  const db = t.database.db;
  await db
    .update(userSettings)
    .set({
      timezone: input.timezone,
      reminderHour: input.hour,
      weeklyReviewEmail: input.weeklyReviewEmail ?? true,
      emailNudges: input.emailNudges ?? true,
    })
    .where(eq(userSettings.userId, m.userId));
  const cycle = await startCycleOn(db, m.userId, input.startDate);
  for (const day of input.days ?? []) {
    await db.insert(checkins).values({
      cycleId: cycle.id,
      userId: m.userId,
      dayNumber: day,
      localDate: addDays(input.startDate, day - 1),
      movedMinutes: 30,
      steps: 1234,
      proteinTargetHit: day % 2 === 0,
    });
  }
  await refreshCycleStats(db, [cycle.id]);
  return { ...m, cycleId: cycle.id };
}

const runAt = async (iso: string) => {
  const sent = await run(systemContext(t.deps, 'weekly-review'), new Date(iso));
  await t.deps.mailer.idle();
  return sent;
};

function elements(node: Node, found: Element[] = []): Element[] {
  if ('tagName' in node) found.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, found);
  return found;
}
function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

describe(`weekly review e-mail (${databaseLabel})`, () => {
  it('comes the day after the week ends at the member’s reminder hour in their zone, with the numbers and a button', async () => {
    // Denver, 8 AM; week 1 is 2 to 8 November 2026 (days 1..7), checked in on days 1..5.
    const m = await member({
      timezone: 'America/Denver',
      hour: 8,
      startDate: '2026-11-02',
      days: [1, 2, 3, 4, 5],
    });
    expect(await runAt('2026-11-09T14:59:00Z')).toBe(0); // 7:59 in Denver (MST, UTC-7)
    expect(reviewsTo(m.email)).toHaveLength(0);
    await runAt('2026-11-09T15:00:00Z');
    await runAt('2026-11-09T15:05:00Z');
    const mails = reviewsTo(m.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe('Week 1 review: 5 of 7 days checked in');

    const document = parse(mail.html);
    const all = elements(document);
    const button = all.find((el) => el.tagName === 'a' && textOf(el) === 'Open your review');
    expect(attr(button!, 'href')).toBe(`http://localhost:3000/app/review/${m.cycleId}/1`);
    const heading = all.find((el) => el.tagName === 'h1');
    expect(textOf(heading!)).toBe('Your week 1 review is ready');
    const paragraphs = all.filter((el) => el.tagName === 'p').map(textOf);
    expect(paragraphs).toContain('5 of 7 days checked in');
    expect(paragraphs).toContain('Move minutes: 150');
    expect(paragraphs).toContain('Steps: 6,170');
    expect(paragraphs).toContain('Protein target hit: 2 days');
    expect(paragraphs).toContain('Streak: 0 (best 5)');
    const unsubscribe = all.find(
      (el) => el.tagName === 'a' && textOf(el) === 'Unsubscribe from the weekly review e-mail',
    );
    const link = new URL(attr(unsubscribe!, 'href')!);
    expect(link.searchParams.get('l')).toBe('weekly_review');
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${link.href}>`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('is sent once per member and week by two processes running together', async () => {
    const members = await Promise.all(
      [1, 2, 3].map(() => member({ timezone: 'Asia/Tokyo', hour: 9, startDate: '2026-11-02' })),
    );
    const other = createServices({
      config: t.deps.config,
      db: t.database.db,
      logger: t.deps.logger,
      secret: SECRET,
    });
    const sentByOther: string[] = [];
    const otherSend = other.mailer.send.bind(other.mailer);
    other.mailer.send = (message) => {
      sentByOther.push(message.to);
      return otherSend(message);
    };
    const when = new Date('2026-11-09T00:30:00Z'); // 9:30 in Tokyo, the day after week 1
    const [a, b] = await Promise.all([
      run(systemContext(t.deps, 'weekly-review'), when),
      run(systemContext(other, 'weekly-review'), when),
    ]);
    await Promise.all([t.deps.mailer.idle(), other.mailer.idle()]);
    expect(a + b).toBe(3);
    for (const m of members) {
      const copies = reviewsTo(m.email).length + sentByOther.filter((to) => to === m.email).length;
      expect(copies).toBe(1);
    }
  });

  it('reads its candidates page by page (issue 33): every member of every page, once', async () => {
    const members = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        member({ timezone: 'Europe/Paris', hour: 7, startDate: '2026-08-03' }),
      ),
    );
    // 08:00 in Paris on 2026-08-10, the day after week 1; pages of two: three pages.
    const when = new Date('2026-08-10T06:00:00Z');
    const ctx = systemContext(t.deps, 'weekly-review');
    expect(await run(ctx, when, { pageSize: 2 })).toBe(members.length);
    expect(await run(ctx, when, { pageSize: 2 })).toBe(0);
    await t.deps.mailer.idle();
    for (const m of members) expect(reviewsTo(m.email)).toHaveLength(1);
  });

  it('after downtime sends only the newest review, never a pile', async () => {
    // Started 2 November; the server was down from before week 1 ended until 3 December (day 32):
    // weeks 1..4 are over, and only week 4's review goes out.
    const m = await member({
      timezone: 'Europe/Berlin',
      hour: 18,
      startDate: '2026-11-02',
      days: [22, 23, 24, 25, 26, 27, 28],
    });
    await runAt('2026-12-03T07:00:00Z');
    await runAt('2026-12-03T18:00:00Z');
    const mails = reviewsTo(m.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Week 4 review: 7 of 7 days checked in']);
    // Down again until 14 December at 18:00 in Berlin: week 5 (ended 6 December) is skipped, week 6
    // (ended 13 December) is the newest and goes out.
    await runAt('2026-12-14T17:00:00Z');
    expect(reviewsTo(m.email).map((mail) => mail.subject.slice(0, 6))).toEqual([
      'Week 4',
      'Week 6',
    ]);
  });

  it('follows its own setting, not the daily nudges, and closes the cycle with week 13', async () => {
    const off = await member({
      timezone: 'UTC',
      hour: 7,
      startDate: '2026-11-02',
      weeklyReviewEmail: false,
    });
    const nudgesOff = await member({
      timezone: 'UTC',
      hour: 7,
      startDate: '2026-11-02',
      emailNudges: false,
    });
    const finished = await member({
      timezone: 'UTC',
      hour: 7,
      startDate: '2026-08-20', // day 90 is 17 November
      days: [90],
    });
    await runAt('2026-11-09T07:00:00Z');
    expect(reviewsTo(off.email)).toHaveLength(0);
    expect(reviewsTo(nudgesOff.email)).toHaveLength(1);
    await runAt('2026-11-18T07:00:00Z');
    expect(reviewsTo(finished.email).at(-1)!.subject).toBe(
      'Your 90-day review: 1 of 90 days checked in',
    );
    await runAt('2026-11-19T07:00:00Z');
    expect(
      reviewsTo(finished.email).filter((mail) => mail.subject.startsWith('Your 90-day')),
    ).toHaveLength(1);
  });

  it('goes by push where push nudges are on, even with the e-mail off', async () => {
    const m = await member({
      timezone: 'UTC',
      hour: 7,
      startDate: '2026-11-02',
      weeklyReviewEmail: false,
    });
    await t.database.db
      .update(userSettings)
      .set({ pushNudges: true })
      .where(eq(userSettings.userId, m.userId));
    // A device whose endpoint is no push service: sendPush refuses to POST there and removes it,
    // which shows the job pushed to the member's devices (push.db.test.ts tests the sending).
    await t.database.db.insert(pushSubscriptions).values({
      userId: m.userId,
      endpoint: 'http://127.0.0.1:9/push/not-a-push-service',
      p256dh: 'key',
      auth: 'auth',
    });
    await runAt('2026-11-09T06:59:00Z');
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, m.userId)),
    ).toHaveLength(1);
    await runAt('2026-11-09T07:00:00Z');
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, m.userId)),
    ).toEqual([]);
    expect(reviewsTo(m.email)).toEqual([]);
  });

  it('unsubscribes with one click from the weekly review only; a nudge link cannot do it', async () => {
    const m = await member({ timezone: 'UTC', hour: 7, startDate: '2026-11-02' });
    await runAt('2026-11-09T07:00:00Z');
    const [mail] = reviewsTo(m.email);
    const link = /<([^>]+)>/.exec(mail.headers!['List-Unsubscribe'])![1];
    const path = link.replace('http://localhost:3000', '');

    // A nudge link's signature, pointed at the weekly review list, is refused.
    const nudgeLink = new URL(t.deps.mailer.unsubscribeUrl(m.userId));
    nudgeLink.searchParams.set('l', 'weekly_review');
    const forged = await t
      .client()
      .request(nudgeLink.pathname + nudgeLink.search, { method: 'POST' });
    expect(forged.status).toBe(400);

    const page = await t.client().request(path);
    expect(page.status).toBe(200);
    const form = elements(parse(await page.text())).find((el) => el.tagName === 'form')!;
    expect(textOf(form)).toBe('Turn off the weekly review e-mail');
    // One click, as a mail client sends it: no cookie, no Origin.
    const res = await t.client().request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const [settings] = await t.database.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, m.userId));
    expect(settings.weeklyReviewEmail).toBe(false);
    expect(settings.emailNudges).toBe(true);
    await runAt('2026-11-16T07:00:00Z');
    expect(reviewsTo(m.email)).toHaveLength(1);
  });

  it('is listed in the admin’s Notifications log and can be switched in Settings', async () => {
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const res = await admin.client.request('/api/admin/notifications');
    const { notifications } = (await res.json()) as { notifications: Array<{ subject: string }> };
    expect(notifications.some((n) => /^Week \d+ review: /.test(n.subject))).toBe(true);
    const logged = await t.database.db
      .select()
      .from(notificationLogs)
      .where(eq(notificationLogs.kind, 'weekly_review'));
    expect(logged.length).toBeGreaterThan(0);

    const settings = await admin.client.request('/api/settings');
    const body = (await settings.json()) as { settings: Record<string, unknown> };
    expect(body.settings.weeklyReviewEmail).toBe(true);
    const saved = await admin.client.request('/api/settings', {
      method: 'PUT',
      json: { ...body.settings, weeklyReviewEmail: false },
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as typeof body).settings.weeklyReviewEmail).toBe(false);
  });
});
