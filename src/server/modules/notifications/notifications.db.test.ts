import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { checkins, notificationLogs, subscriptions, userSettings } from '../../db/schema';
import { createContext, systemContext } from '../../lib/context';
import type { MailMessage } from '../../lib/mail';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from '../../lib/mail-outbox';
import { codeMail } from '../../lib/mail-templates/account';
import { createServices } from '../../services';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { JOB_NAMES, startJobs } from '../../jobs';
import { stopJobs } from '../../lib/jobs';
import { sendDueReminders } from './service';
import { startCycleOn } from '../../testing/cycles';

// Reminders, the outbox and the unsubscribe link against a real SMTP server started here.

interface Received {
  to: string;
  subject: string;
  headers: string;
  body: string;
}

function quotedPrintableDecoded(text: string): string {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

let smtpMode: 'accept' | 'refuse' = 'accept';
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(_session, callback) {
    if (smtpMode === 'refuse') {
      const error = Object.assign(new Error('Service not available, try again later'), {
        responseCode: 421,
      });
      return callback(error);
    }
    callback();
  },
  onRcptTo(address, _session, callback) {
    if (address.address.startsWith('rejected')) {
      return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      received.push({
        to: session.envelope.rcptTo[0]?.address.toLowerCase() ?? '',
        subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '',
        headers,
        body: quotedPrintableDecoded(rest.join('\n\n')),
      });
      callback();
    });
  },
});

let t: TestApp;
let smtpUrl: string;
const SECRET = 'test-secret-test-secret-test-secret-000';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({ SMTP_URL: smtpUrl, BILLING_CONTACT: 'coach@stackdays.test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const remindersTo = (email: string) =>
  received.filter((m) => m.to === email.toLowerCase() && /check in/i.test(m.subject));

/** A member with a cycle that started `startDate`, reminder settings as given. */
async function member(input: {
  timezone: string;
  hour: number;
  startDate: string;
  checkins?: string[];
  emailNudges?: boolean;
}) {
  const m = await t.member({ timeZone: 'America/Denver' });
  const db = t.database.db;
  await db
    .insert(userSettings)
    .values({ userId: m.userId, timezone: input.timezone, reminderHour: input.hour })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        timezone: input.timezone,
        reminderHour: input.hour,
        emailNudges: input.emailNudges ?? true,
        pendingTimezone: null,
        pendingTimezoneFrom: null,
      },
    });
  const cycle = await startCycleOn(db, m.userId, input.startDate);
  for (const [i, date] of (input.checkins ?? []).entries()) {
    await db.insert(checkins).values({
      cycleId: cycle.id,
      userId: m.userId,
      dayNumber: Math.round((Date.parse(date) - Date.parse(input.startDate)) / 86_400_000) + 1,
      localDate: date,
      movedMinutes: 10 + i,
    });
  }
  if (input.checkins?.length) {
    const { refreshCycleStats } = await import('../../queries/cycle-stats');
    await refreshCycleStats(db, [cycle.id]);
  }
  return m;
}

/** The scheduler's context on a fixed clock. */
const at = (iso: string) => systemContext(t.deps, 'reminders', () => new Date(iso));

async function run(iso: string) {
  const result = await sendDueReminders(at(iso));
  await t.deps.mailer.idle();
  return result;
}

describe(`daily reminders (${databaseLabel})`, () => {
  it('come at the member’s reminder hour in their own zone, with day, streak and a check-in button', async () => {
    // 2026-06-10 01:00 UTC: 19:00 on June 9 in Denver, 10:00 on June 10 in Tokyo.
    const denver = await member({
      timezone: 'America/Denver',
      hour: 19,
      startDate: '2026-06-01',
      checkins: ['2026-06-06', '2026-06-07', '2026-06-08'],
    });
    const tokyo = await member({ timezone: 'Asia/Tokyo', hour: 19, startDate: '2026-06-01' });
    const later = await member({ timezone: 'America/Denver', hour: 20, startDate: '2026-06-01' });

    await run('2026-06-10T00:59:00Z');
    expect(remindersTo(denver.email)).toHaveLength(0);

    await run('2026-06-10T01:00:00Z');
    const [mail] = remindersTo(denver.email);
    expect(mail.subject).toBe('Day 9: time to check in');
    expect(mail.body).toContain('Day 9 of 90 · streak 3');
    expect(mail.body).toContain('href="http://localhost:3000/app"');
    expect(mail.headers).toMatch(
      /List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?u=[^>]+>/,
    );
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(remindersTo(tokyo.email)).toHaveLength(0);
    expect(remindersTo(later.email)).toHaveLength(0);

    // Tokyo's 19:00 on June 10 is 10:00 UTC.
    await run('2026-06-10T10:00:00Z');
    expect(remindersTo(tokyo.email)).toHaveLength(1);
    expect(remindersTo(later.email)).toHaveLength(0);

    const [row] = await t.database.db
      .select()
      .from(notificationLogs)
      .where(eq(notificationLogs.toEmail, denver.email))
      .orderBy(notificationLogs.createdAt);
    expect(row).toBeDefined();
    const logged = await t.database.db
      .select()
      .from(notificationLogs)
      .where(eq(notificationLogs.kind, 'daily_reminder'));
    const denverRow = logged.find((r) => r.toEmail === denver.email)!;
    expect(denverRow.sendStatus).toBe('sent');
    expect(denverRow.sentAt).not.toBeNull();
    expect(denverRow.payload).toBeNull();
    expect(denverRow.bodyPreview).not.toContain('s=');
  });

  it('none for a member who already checked in today, or who turned e-mail nudges off', async () => {
    const done = await member({
      timezone: 'America/Denver',
      hour: 19,
      startDate: '2026-07-01',
      checkins: ['2026-07-09'],
    });
    const off = await member({
      timezone: 'America/Denver',
      hour: 19,
      startDate: '2026-07-01',
      emailNudges: false,
    });
    await run('2026-07-10T02:00:00Z'); // 20:00 July 9 in Denver
    expect(remindersTo(done.email)).toHaveLength(0);
    expect(remindersTo(off.email)).toHaveLength(0);
  });

  it('at most once per local day across runs, again the next day, never for a day that has passed', async () => {
    const m = await member({ timezone: 'Europe/Berlin', hour: 7, startDate: '2026-08-01' });
    await run('2026-08-05T05:00:00Z'); // 07:00 in Berlin
    await run('2026-08-05T05:05:00Z');
    await run('2026-08-05T20:00:00Z');
    expect(remindersTo(m.email)).toHaveLength(1);
    // The server was down all of August 6: after midnight, August 6's reminder is not sent late.
    await run('2026-08-06T22:30:00Z'); // 00:30 on August 7 in Berlin
    expect(remindersTo(m.email)).toHaveLength(1);
    await run('2026-08-07T05:10:00Z');
    expect(remindersTo(m.email)).toHaveLength(2);
  });

  it('two scheduler processes running together send each reminder once', async () => {
    const members = await Promise.all(
      [1, 2, 3, 4].map(() =>
        member({ timezone: 'America/Sao_Paulo', hour: 18, startDate: '2026-09-01' }),
      ),
    );
    // A second process: its own mailer and SMTP transport, the same database.
    const other = {
      ...createServices({
        config: t.deps.config,
        db: t.database.db,
        logger: t.deps.logger,
        secret: SECRET,
      }),
    };
    const when = () => new Date('2026-09-03T21:00:00Z'); // 18:00 in São Paulo
    const [a, b] = await Promise.all([
      sendDueReminders(systemContext(t.deps, 'reminders', when)),
      sendDueReminders(systemContext(other, 'reminders', when)),
    ]);
    await Promise.all([t.deps.mailer.idle(), other.mailer.idle()]);
    expect(a.reminders + b.reminders).toBeGreaterThanOrEqual(4);
    for (const m of members) expect(remindersTo(m.email)).toHaveLength(1);
  });

  it('a member whose stored time zone is invalid is reminded on the default zone; others are unaffected', async () => {
    const broken = await member({ timezone: 'Mars/Olympus', hour: 19, startDate: '2026-10-01' });
    const fine = await member({ timezone: 'Europe/Paris', hour: 19, startDate: '2026-10-01' });
    await run('2026-10-06T17:00:00Z'); // 19:00 in Paris, 11:00 in Denver
    expect(remindersTo(fine.email)).toHaveLength(1);
    expect(remindersTo(broken.email)).toHaveLength(0);
    await run('2026-10-07T01:00:00Z'); // 19:00 in Denver
    expect(remindersTo(broken.email)).toHaveLength(1);
  });

  it('counts the reminders sent and the members still due later today at their own hour', async () => {
    // 2026-05-10 01:00 UTC: 19:00 on May 9 in Denver, 10:00 on May 10 in Tokyo, 03:00 in Berlin.
    const now = await member({ timezone: 'America/Denver', hour: 19, startDate: '2026-05-01' });
    const tokyo = await member({ timezone: 'Asia/Tokyo', hour: 19, startDate: '2026-05-01' });
    const berlin = await member({ timezone: 'Europe/Berlin', hour: 7, startDate: '2026-05-01' });
    await member({
      timezone: 'Asia/Tokyo',
      hour: 19,
      startDate: '2026-05-01',
      checkins: ['2026-05-10'],
    });
    await member({ timezone: 'Asia/Tokyo', hour: 19, startDate: '2026-05-20' });
    // The admin's 'Trigger Daily Reminders' (the scheduled job does not count those still to come).
    const admin = await t.member();
    await t.database.db
      .update(userSettings)
      .set({ emailNudges: false })
      .where(eq(userSettings.userId, admin.userId));
    await t.setAdminFlag(admin.userId);
    const trigger = async (iso: string) => {
      const ctx = await t.contextFor(admin.userId, { now: new Date(iso) });
      const result = await sendDueReminders(ctx);
      await t.deps.mailer.idle();
      return result;
    };
    const first = await trigger('2026-05-10T01:00:00Z');
    expect(first).toMatchObject({ reminders: 1, dueLaterToday: 2 });
    expect(remindersTo(now.email)).toHaveLength(1);
    expect(remindersTo(tokyo.email)).toHaveLength(0);
    expect(remindersTo(berlin.email)).toHaveLength(0);
    // Pressed again: nothing twice, and the same members are still to come.
    expect(await trigger('2026-05-10T01:05:00Z')).toMatchObject({
      reminders: 0,
      dueLaterToday: 2,
    });
  });

  it('only the system and admins may run the job', async () => {
    const m = await t.member();
    const ctx = await t.contextFor(m.userId);
    await expect(sendDueReminders(ctx)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      sendDueReminders(createContext(t.deps, { actor: { kind: 'anonymous' } })),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe(`trial-ending notice (${databaseLabel})`, () => {
  it('goes once, 3 days before a trial ends', async () => {
    const m = await member({ timezone: 'America/Denver', hour: 22, startDate: '2026-11-01' });
    const ends = new Date('2026-11-20T12:00:00Z');
    await t.database.db
      .insert(subscriptions)
      .values({ userId: m.userId, status: 'trialing', currentPeriodEnd: ends })
      .onConflictDoUpdate({
        target: subscriptions.userId,
        set: { status: 'trialing', currentPeriodEnd: ends },
      });
    const notices = () => received.filter((r) => r.to === m.email && /trial ends/.test(r.subject));
    await run('2026-11-17T11:00:00Z');
    expect(notices()).toHaveLength(0);
    await run('2026-11-17T12:30:00Z');
    await run('2026-11-18T12:30:00Z');
    expect(notices()).toHaveLength(1);
    expect(notices()[0].body).toContain('November 20');
    // Without payments there is no plan to choose (decision 0034): the notice says where to ask.
    expect(notices()[0].body).toContain(
      'This server takes no payments. To keep going, ask for more time: coach@stackdays.test',
    );
    expect(notices()[0].body).not.toContain('/pricing');
    expect(notices()[0].body).not.toContain('Choose a plan');
  });

  it("goes before an admin's month comp ends, once per ending; never for lifetime", async () => {
    const m = await member({ timezone: 'America/Denver', hour: 22, startDate: '2026-11-01' });
    const forLife = await member({ timezone: 'America/Denver', hour: 22, startDate: '2026-11-01' });
    const comp = async (userId: string, comp: string, ends: Date | null) =>
      t.database.db
        .insert(subscriptions)
        .values({ userId, status: 'active', comp, currentPeriodEnd: ends })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { status: 'active', comp, currentPeriodEnd: ends },
        });
    await comp(m.userId, '3', new Date('2027-02-23T12:00:00Z'));
    await comp(forLife.userId, 'lifetime', null);
    const notices = (email: string) =>
      received.filter((r) => r.to === email && /free access ends/.test(r.subject));
    await run('2027-02-20T11:00:00Z');
    expect(notices(m.email)).toHaveLength(0);
    await run('2027-02-20T12:30:00Z');
    await run('2027-02-21T12:30:00Z');
    expect(notices(m.email)).toHaveLength(1);
    expect(notices(m.email)[0].subject).toBe('Your StackDays free access ends in 3 days');
    expect(notices(m.email)[0].body).toContain(
      'Your StackDays free access ends on February 23. This server takes no payments. To keep going, ask for more time: coach@stackdays.test',
    );
    // A comp given again later is a new ending, with its own notice.
    await comp(m.userId, '1', new Date('2027-04-10T12:00:00Z'));
    await run('2027-04-08T12:00:00Z');
    await run('2027-04-08T12:05:00Z');
    expect(notices(m.email)).toHaveLength(2);
    expect(notices(forLife.email)).toHaveLength(0);
  });

  it('is an account mail (issue 41 item 10): it reaches members with e-mail nudges off, and has no unsubscribe link', async () => {
    const quiet = { timezone: 'America/Denver', hour: 22, startDate: '2026-11-01' };
    const trial = await member({ ...quiet, emailNudges: false });
    const comped = await member({ ...quiet, emailNudges: false });
    const ends = new Date('2027-06-20T12:00:00Z');
    const give = (userId: string, status: 'trialing' | 'active', comp: string | null) =>
      t.database.db
        .insert(subscriptions)
        .values({ userId, status, comp, currentPeriodEnd: ends })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: { status, comp, currentPeriodEnd: ends },
        });
    // A trial or free months (trialing), and an admin's month comp.
    await give(trial.userId, 'trialing', null);
    await give(comped.userId, 'active', '3');
    await run('2027-06-17T12:30:00Z');

    const to = (email: string) =>
      received.filter((r) => r.to === email && /ends in 3 days/.test(r.subject));
    expect(to(trial.email).map((r) => r.subject)).toEqual(['Your StackDays trial ends in 3 days']);
    expect(to(comped.email).map((r) => r.subject)).toEqual([
      'Your StackDays free access ends in 3 days',
    ]);
    for (const mail of [...to(trial.email), ...to(comped.email)]) {
      expect(mail.body).toContain('ends on June 20');
      // Turning nudges off would not stop it, so it offers no link that claims to.
      expect(mail.body).not.toContain('Unsubscribe');
      expect(mail.body).not.toContain('/api/notifications/unsubscribe');
      expect(mail.headers).not.toMatch(/List-Unsubscribe/i);
    }
    // No daily reminder went to either: their nudges stay off.
    expect(remindersTo(trial.email)).toHaveLength(0);
    expect(remindersTo(comped.email)).toHaveLength(0);
  });
});

describe(`the unsubscribe link (${databaseLabel})`, () => {
  it('turns e-mail nudges off without signing in; a tampered link changes nothing', async () => {
    const m = await member({ timezone: 'America/Denver', hour: 19, startDate: '2026-12-01' });
    await run('2026-12-03T02:00:00Z');
    const [mail] = remindersTo(m.email);
    const link = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1];
    expect(mail.body).toContain(`Unsubscribe from e-mail nudges: ${link}`);
    const path = link.replace('http://localhost:3000', '');
    const anonymous = t.client();
    const nudges = async () =>
      (
        await t.database.db
          .select({ on: userSettings.emailNudges })
          .from(userSettings)
          .where(eq(userSettings.userId, m.userId))
      )[0].on;

    const tampered = path.replace(/s=(.)/, (_, ch: string) => `s=${ch === 'A' ? 'B' : 'A'}`);
    const other = await t.member();
    const forged = path.replace(/u=[^&]+/, `u=${other.userId}`);
    for (const bad of [tampered, forged, path.replace(/&s=.*/, '')]) {
      const page = await anonymous.request(bad);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('This unsubscribe link is not valid');
      expect((await anonymous.request(bad, { method: 'POST' })).status).toBe(400);
    }
    expect(await nudges()).toBe(true);

    // Opening the link (or a mail scanner fetching it) changes nothing: it shows the button.
    const page = await anonymous.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Turn off e-mail nudges');
    expect(await nudges()).toBe(true);

    // The mail client's one-click POST (RFC 8058): no cookie, no Origin.
    const done = await anonymous.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('E-mail nudges are off');
    expect(await nudges()).toBe(false);

    await run('2026-12-04T02:00:00Z');
    expect(remindersTo(m.email)).toHaveLength(1);
  });
});

describe(`the unsubscribe page in a browser (${databaseLabel}, issue 25 #2)`, () => {
  it("lets the button's POST carry the page's origin, and keeps the signed link to this site", async () => {
    const m = await member({ timezone: 'America/Denver', hour: 19, startDate: '2026-12-01' });
    await run('2026-12-03T02:00:00Z');
    const link = /List-Unsubscribe: <([^>]+)>/.exec(remindersTo(m.email)[0].headers)![1];
    const path = link.replace('http://localhost:3000', '');
    const anonymous = t.client();

    // The page keeps its origin on the form (no-referrer would make Chromium send `Origin: null`).
    const page = await anonymous.request(path);
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    // `Origin: null` passes only when the browser itself says the form is ours (decision 0118's
    // language menu on no-referrer pages): from another site, or with no Sec-Fetch-Site, it is refused.
    for (const headers of <Record<string, string>[]>[
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'https://elsewhere.example', 'sec-fetch-site': 'same-site' },
    ]) {
      const refused = await anonymous.request(path, { method: 'POST', headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }

    // What Chromium sends for the button under same-origin.
    const pressed = await anonymous.request(path, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:3000',
        referer: link,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('E-mail nudges are off');
  });
});

describe(`the outbox (${databaseLabel})`, () => {
  const mail = (to: string, subject = 'Outbox test'): MailMessage => ({
    to,
    subject,
    text: `${subject}\n`,
    html: `<p>${subject}</p>`,
    kind: 'test',
  });
  const rowFor = async (email: string) =>
    (
      await t.database.db.select().from(notificationLogs).where(eq(notificationLogs.toEmail, email))
    )[0];

  it('an SMTP server that rejects one recipient fails that message only', async () => {
    smtpMode = 'accept';
    const results = await Promise.all([
      t.deps.mailer.send(mail('rejected-1@example.com')),
      t.deps.mailer.send(mail('accepted-1@example.com')),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, true]);
    const rejected = await rowFor('rejected-1@example.com');
    expect(rejected.sendStatus).toBe('failed');
    expect(rejected.error).toContain('550');
    expect(rejected.attempts).toBe(1);
    expect((await rowFor('accepted-1@example.com')).sendStatus).toBe('sent');
  });

  it('while SMTP refuses: retried with back-off, then failed with the error; sent once SMTP is back, even after a restart', async () => {
    smtpMode = 'refuse';
    try {
      const first = await t.deps.mailer.send(mail('retry-1@example.com'));
      expect(first).toEqual({ ok: true, queued: true });
      let row = await rowFor('retry-1@example.com');
      expect(row).toMatchObject({ sendStatus: 'queued', attempts: 1 });
      expect(row.error).toContain('421');
      expect(row.payload).not.toContain('Outbox test');

      // Not before its back-off has passed.
      let clock = Date.now();
      expect(await t.deps.mailer.flush(new Date(clock + 1000))).toBe(0);
      expect((await rowFor('retry-1@example.com')).attempts).toBe(1);
      for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
        clock += mailRetryDelayMs(attempt) + 1000;
        await t.deps.mailer.flush(new Date(clock));
      }
      row = await rowFor('retry-1@example.com');
      expect(row).toMatchObject({ sendStatus: 'failed', attempts: MAIL_MAX_ATTEMPTS });
      expect(row.error).toContain('421');
      expect(row.payload).toBeNull();

      // Queued while SMTP is down, and a code mail that outlives its 10 minutes.
      await t.deps.mailer.send(mail('retry-2@example.com', 'Queued before the restart'));
      await t.deps.mailer.send(
        codeMail(
          { to: 'retry-3@example.com', code: '246810', purpose: 'sign-in' },
          { publicUrl: 'http://localhost:3000' },
        ),
      );
      const code = await rowFor('retry-3@example.com');
      expect(code.sendStatus).toBe('queued');
      expect(`${code.payload} ${code.subject} ${code.bodyPreview}`).not.toContain('246810');
    } finally {
      smtpMode = 'accept';
    }

    // A restarted process: a new mailer on the same database sends what the old one queued.
    const restarted = createServices({
      config: t.deps.config,
      db: t.database.db,
      logger: pino({ level: 'silent' }),
      secret: SECRET,
    });
    // SMTP came back 11 minutes later: the queued mail goes out; the code's lifetime has passed, so it
    // is failed rather than delivered late.
    await restarted.mailer.flush(new Date(Date.now() + 11 * 60_000));
    const queued = await rowFor('retry-2@example.com');
    expect(queued.sendStatus).toBe('sent');
    expect(received.filter((r) => r.to === 'retry-2@example.com')).toHaveLength(1);
    expect((await rowFor('retry-1@example.com')).sendStatus).toBe('failed');
    const expired = await rowFor('retry-3@example.com');
    expect(expired.sendStatus).toBe('failed');
    expect(expired.error).toContain('expired');
    expect(received.filter((r) => r.to === 'retry-3@example.com')).toHaveLength(0);
    // Nothing is sent twice by a later flush.
    await restarted.mailer.flush(new Date(Date.now() + 24 * 60 * 60_000));
    expect(received.filter((r) => r.to === 'retry-2@example.com')).toHaveLength(1);
  });

  it('the jobs started with the server send what was queued while SMTP was down', async () => {
    smtpMode = 'refuse';
    try {
      expect((await t.deps.mailer.send(mail('scheduler-1@example.com'))).queued).toBe(true);
    } finally {
      smtpMode = 'accept';
    }
    const later = () => new Date(Date.now() + 2 * 60_000);
    const jobs = startJobs(t.deps, { now: later });
    // The names /metrics reports, which `npm run bench` waits on (JOB_NAMES).
    expect(jobs.map((job) => job.name)).toEqual([...JOB_NAMES]);
    await jobs.find((job) => job.name === 'mail-queue')!.runOnce();
    await stopJobs(jobs);
    expect((await rowFor('scheduler-1@example.com')).sendStatus).toBe('sent');
    expect(received.filter((r) => r.to === 'scheduler-1@example.com')).toHaveLength(1);
  });
});
