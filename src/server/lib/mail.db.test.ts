import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { notificationLogs } from '../db/schema';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { createMailer, type MailMessage } from './mail';
import { adminInviteMail, codeMail } from './mail-templates/account';

const t = setUpTestApp();

const TOKEN = 'Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA';
let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}${++n}-${Date.now()}@example.com`;

async function loggedFor(email: string) {
  await t.deps.mailer.idle();
  return t.database.db
    .select({ subject: notificationLogs.subject, preview: notificationLogs.bodyPreview })
    .from(notificationLogs)
    .where(eq(notificationLogs.toEmail, email));
}

const publicUrl = 'http://localhost:3000';
const links = { publicUrl };
const SECRET = 'test-secret-test-secret-test-secret-000';
const adminInvite = (to: string): MailMessage => adminInviteMail({ to, token: TOKEN }, links);

describe(`notification log without secrets (${databaseLabel})`, () => {
  it('masks the sign-up code in the logged subject and preview', async () => {
    const email = uniqueEmail('code');
    const res = await t.client().request('/api/account/sign-up', {
      method: 'POST',
      json: { displayName: 'Ava', email, password: 'correct horse 1', acceptTerms: true },
    });
    expect(res.status).toBe(201);
    const code = await t.lastCode(email);
    const [row] = await loggedFor(email);
    expect(row.subject).toBe('•••••• is your StackDays verification code');
    expect(row.preview).toContain('••••••');
    expect(`${row.subject} ${row.preview}`).not.toContain(code);
  });

  it('cuts a buddy-invite link before its token', async () => {
    const { client } = await t.member();
    const email = uniqueEmail('buddy');
    const res = await client.request('/api/invites', { method: 'POST', json: { email } });
    expect(res.status).toBe(201);
    const sent = t.mails.filter((m) => m.to === email).at(-1)!;
    const token = sent.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1];
    const [row] = await loggedFor(email);
    expect(row.preview).toContain(`${t.deps.config.publicUrl}/invite/…`);
    expect(`${row.subject} ${row.preview}`).not.toContain(token);
  });

  it('cuts an admin-invite link before its e-mail and token', async () => {
    const email = uniqueEmail('admin');
    await t.deps.mailer.send(adminInvite(email));
    const [row] = await loggedFor(email);
    expect(row.preview).toContain(`${t.deps.config.publicUrl}/signup?…`);
    expect(row.preview).not.toContain(encodeURIComponent(email));
    expect(row.preview).not.toContain(TOKEN);
  });
});

describe(`what is delivered keeps its secrets (${databaseLabel})`, () => {
  it('without SMTP_URL, the server log still shows the whole mail, code included', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logged += String(chunk);
        done();
      },
    });
    const mailer = createMailer({
      config: { smtpUrl: undefined, mailFrom: 'StackDays <no-reply@stackdays.local>', publicUrl },
      db: t.database.db,
      logger: pino({ level: 'info' }, stream),
      secret: SECRET,
    });
    const email = uniqueEmail('log');
    await mailer.send(codeMail({ to: email, code: '424242', purpose: 'sign-in' }, links));
    expect(logged).toContain('424242 is your StackDays sign-in code');
    const [row] = await loggedFor(email);
    expect(`${row.subject} ${row.preview}`).not.toContain('424242');
  });

  it('over SMTP, the message sent carries the code and the full link', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // quoted-printable undone: soft line breaks and '=3D'
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push(raw.replace(/=\r?\n/g, '').replaceAll('=3D', '='));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const mailer = createMailer({
        config: {
          smtpUrl: `smtp://127.0.0.1:${port}`,
          mailFrom: 'StackDays <no-reply@x.test>',
          publicUrl,
        },
        db: t.database.db,
        logger: pino({ level: 'silent' }),
        secret: SECRET,
      });
      const email = uniqueEmail('smtp');
      expect(
        (await mailer.send(codeMail({ to: email, code: '135790', purpose: 'verify' }, links))).ok,
      ).toBe(true);
      expect((await mailer.send(adminInvite(email))).ok).toBe(true);
      expect(received[0]).toContain('135790 is your StackDays verification code');
      expect(received[1]).toContain(`token=${TOKEN}`);
      const rows = await loggedFor(email);
      expect(rows).toHaveLength(2);
      expect(JSON.stringify(rows)).not.toMatch(/135790|Zq3xV9bN2mK7pL4sT8wY1cF6hJ0dR5gA/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
