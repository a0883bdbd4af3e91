import type { Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { notificationLogs } from '../db/schema';
import type { Logger } from './logger';
import { redactSecrets } from './redact';
import { mailResults } from './metrics';
import type { MailMessage } from './mail';

// The mail outbox in notification_logs: a message is queued, tried at once, retried with growing waits
// and finally marked sent or failed (decision 0020).

/** Attempts before a message that keeps failing is marked failed: about 5.7 hours of retries. */
export const MAIL_MAX_ATTEMPTS = 6;
/** Wait after the nth failed attempt: 1, 4, 16, 64, 256 minutes. */
export const mailRetryDelayMs = (attempts: number) => 60_000 * 4 ** Math.max(0, attempts - 1);
/** While one process is sending a message, others leave it alone for this long. */
const LEASE_MS = 5 * 60_000;
const FLUSH_BATCH = 50;

/** A rejection that no retry will change (5xx: unknown recipient, message refused). */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The whole message as it is sealed into its queued row. */
export interface StoredMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Where the outbox keeps and sends its mail. */
export interface MailOutbox {
  db: Db;
  logger: Logger;
  /** SMTP, or null: then the message is written to the server log. */
  transport: Transporter | null;
  mailFrom: string;
  seal(message: StoredMessage): string;
  unseal(payload: string): StoredMessage;
}

/** Queues the message (leased to this process) and tries it at once. */
export async function enqueueMessage(
  outbox: MailOutbox,
  message: MailMessage,
): Promise<{ ok: boolean; queued?: boolean }> {
  const { db } = outbox;
  const now = new Date();
  const stored: StoredMessage = {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
  const [log] = await db
    .insert(notificationLogs)
    .values({
      userId: message.userId ?? null,
      toEmail: message.to,
      kind: message.kind,
      subject: redactSecrets(message.subject),
      bodyPreview: redactSecrets(message.text).slice(0, 200),
      sendStatus: 'queued',
      scheduledFor: now,
      payload: outbox.seal(stored),
      // Leased to this process for the first attempt: another process's flush leaves it alone.
      nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      expiresAt: message.expiresInMinutes
        ? new Date(now.getTime() + message.expiresInMinutes * 60_000)
        : null,
    })
    .returning({ id: notificationLogs.id });
  const status = await attemptDelivery(outbox, log.id, stored, message.kind, 0, now);
  return { ok: status !== 'failed', queued: status === 'queued' };
}

/** Claims the queued messages due at `now` and tries each; returns how many were sent. */
export async function flushDueMessages(outbox: MailOutbox, now: Date): Promise<number> {
  const { db } = outbox;
  // Claim a batch: rows locked by another process's flush are skipped, and the lease keeps them
  // from being picked again while this process sends them.
  const claimed = await queryRows<{
    id: string;
    kind: string;
    payload: string | null;
    attempts: number;
    expires_at: string | Date | null;
  }>(
    db,
    sql`update notification_logs set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (
        select id from notification_logs
        where send_status = 'queued' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at limit ${FLUSH_BATCH}
        for update skip locked)
      returning id, kind, payload, attempts, expires_at`,
  );
  let sent = 0;
  for (const row of claimed) {
    if (!row.payload || (row.expires_at && new Date(row.expires_at) <= now)) {
      await finishMessage(db, row.id, 'failed', now, 'expired before it could be sent');
      continue;
    }
    let stored: StoredMessage;
    try {
      stored = outbox.unseal(row.payload);
    } catch {
      // Sealed under another auth secret: nobody can send it any more.
      await finishMessage(db, row.id, 'failed', now, 'could not be read (the auth secret changed)');
      continue;
    }
    if ((await attemptDelivery(outbox, row.id, stored, row.kind, row.attempts, now)) === 'sent')
      sent += 1;
  }
  return sent;
}

async function attemptDelivery(
  outbox: MailOutbox,
  id: string,
  message: StoredMessage,
  kind: string,
  attemptsBefore: number,
  now: Date,
): Promise<'sent' | 'queued' | 'failed'> {
  const { db, logger, transport } = outbox;
  try {
    if (transport) {
      await transport.sendMail({
        from: outbox.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    } else {
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `\n----- mail (no SMTP_URL set) -----\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n----- end of mail -----`,
      );
    }
    await finishMessage(db, id, 'sent', new Date(), null, attemptsBefore + 1);
    mailResults.inc({ outcome: 'sent' });
    return 'sent';
  } catch (error) {
    const attempts = attemptsBefore + 1;
    const reason = redactSecrets((error as Error).message).slice(0, 500);
    const permanent = isPermanent(error);
    if (permanent || attempts >= MAIL_MAX_ATTEMPTS) {
      logger.error({ err: error, to: message.to, kind, attempts }, 'mail delivery failed');
      await finishMessage(db, id, 'failed', now, reason, attempts);
      mailResults.inc({ outcome: 'failed' });
      return 'failed';
    }
    logger.warn({ err: error, to: message.to, kind, attempts }, 'mail delivery will be retried');
    await db
      .update(notificationLogs)
      .set({
        attempts,
        error: reason,
        nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(attempts)),
      })
      .where(eq(notificationLogs.id, id));
    mailResults.inc({ outcome: 'retry' });
    return 'queued';
  }
}

async function finishMessage(
  db: Db,
  id: string,
  status: 'sent' | 'failed',
  at: Date,
  error: string | null,
  attempts?: number,
) {
  await db
    .update(notificationLogs)
    .set({
      sendStatus: status,
      sentAt: status === 'sent' ? at : null,
      error,
      payload: null,
      nextAttemptAt: null,
      ...(attempts === undefined ? {} : { attempts }),
    })
    .where(eq(notificationLogs.id, id));
}
