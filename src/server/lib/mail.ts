import nodemailer, { type Transporter } from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config';
import { queryRows, type Db } from '../db/client';
import { notificationLogs } from '../db/schema';
import type { Logger } from './logger';
import { redactSecrets } from '../http/redact';
import { sealer } from './sealed';
import { sameSignature, unsubscribeSignature, type UnsubscribeList } from './tokens';
import { mailResults } from './metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What kind of message this is, for the notification log (e.g. 'sign_in_code'). */
  kind: string;
  userId?: string | null;
  /** Extra headers (List-Unsubscribe on nudges). */
  headers?: Record<string, string>;
  /** Not worth delivering after this many minutes (a code): then marked failed, never sent late. */
  expiresInMinutes?: number;
}

export interface Mailer {
  /**
   * Records the message in notification_logs and tries it at once. `ok` is false only when it failed
   * for good (a rejected recipient); a message that could not go out yet stays queued and is retried.
   */
  send(message: MailMessage): Promise<{ ok: boolean; queued?: boolean }>;
  /** Resolves when every message handed over so far has been delivered, queued again or failed. */
  idle(): Promise<void>;
  /** Delivers queued messages whose next attempt is due at `now` (the scheduler calls it). */
  flush(now?: Date): Promise<number>;
  /** The signed link that turns e-mail nudges (or another list) off for this member without signing in. */
  unsubscribeUrl(userId: string, list?: UnsubscribeList): string;
  verifyUnsubscribe(userId: string, signature: string, list?: UnsubscribeList): boolean;
}

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

interface StoredMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * Sends over SMTP_URL, or, without it, writes the whole message to the server log so a newcomer can
 * read a sign-in code there. Every message is recorded in notification_logs: queued, then sent or
 * failed, with its subject and the start of its text stripped of secrets (codes masked, links cut
 * before their token), because admins read that table. While queued, the row also holds the whole
 * message sealed with AES-256-GCM under a key derived from the auth secret, so mail queued before a
 * restart still goes out (decision 0020); the sealed copy is erased once it is sent or has failed.
 */
export function createMailer(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>;
  db: Db;
  logger: Logger;
  secret: string;
}): Mailer {
  const { config, db, logger } = deps;
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;
  const outbox = sealer(deps.secret, 'mail outbox v1');

  const seal = (message: StoredMessage) => outbox.seal(JSON.stringify(message));
  const unseal = (payload: string) => JSON.parse(outbox.unseal(payload)) as StoredMessage;

  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const signUnsubscribe = (userId: string, list: UnsubscribeList = 'nudges') =>
    unsubscribeSignature(deps.secret, userId, list);

  return {
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    send: (message) => track(enqueueAndSend(message)),
    flush: (now = new Date()) => track(flushDue(now)),
    unsubscribeUrl(userId, list = 'nudges') {
      const query = new URLSearchParams({ u: userId, s: signUnsubscribe(userId, list) });
      if (list !== 'nudges') query.set('l', list);
      return `${config.publicUrl}/api/notifications/unsubscribe?${query}`;
    },
    verifyUnsubscribe(userId, signature, list = 'nudges') {
      return sameSignature(signature, signUnsubscribe(userId, list));
    },
  };

  async function enqueueAndSend(message: MailMessage): Promise<{ ok: boolean; queued?: boolean }> {
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
        payload: seal(stored),
        // Leased to this process for the first attempt: another process's flush leaves it alone.
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        expiresAt: message.expiresInMinutes
          ? new Date(now.getTime() + message.expiresInMinutes * 60_000)
          : null,
      })
      .returning({ id: notificationLogs.id });
    const status = await attempt(log.id, stored, message.kind, 0, now);
    return { ok: status !== 'failed', queued: status === 'queued' };
  }

  async function flushDue(now: Date): Promise<number> {
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
        await finish(row.id, 'failed', now, 'expired before it could be sent');
        continue;
      }
      let stored: StoredMessage;
      try {
        stored = unseal(row.payload);
      } catch {
        // Sealed under another auth secret: nobody can send it any more.
        await finish(row.id, 'failed', now, 'could not be read (the auth secret changed)');
        continue;
      }
      if ((await attempt(row.id, stored, row.kind, row.attempts, now)) === 'sent') sent += 1;
    }
    return sent;
  }

  async function attempt(
    id: string,
    message: StoredMessage,
    kind: string,
    attemptsBefore: number,
    now: Date,
  ): Promise<'sent' | 'queued' | 'failed'> {
    try {
      if (transport) {
        await transport.sendMail({
          from: config.mailFrom,
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
      await finish(id, 'sent', new Date(), null, attemptsBefore + 1);
      mailResults.inc({ outcome: 'sent' });
      return 'sent';
    } catch (error) {
      const attempts = attemptsBefore + 1;
      const reason = redactSecrets((error as Error).message).slice(0, 500);
      const permanent = isPermanent(error);
      if (permanent || attempts >= MAIL_MAX_ATTEMPTS) {
        logger.error({ err: error, to: message.to, kind, attempts }, 'mail delivery failed');
        await finish(id, 'failed', now, reason, attempts);
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

  async function finish(
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
}
