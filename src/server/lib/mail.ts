import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Config } from '../env';
import type { Db } from '../db/client';
import { notificationLogs } from '../db/schema';
import type { Logger } from './logger';
import { redactSecrets } from './http/redact';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What kind of message this is, for the notification log (e.g. 'sign_in_code'). */
  kind: string;
  userId?: string | null;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ ok: boolean }>;
  /** Resolves when every message handed over so far has been delivered or has failed. */
  idle(): Promise<void>;
}

/**
 * Sends over SMTP_URL, or, without it, writes the whole message to the server log so a newcomer can
 * read a sign-in code there. Every message is recorded in notification_logs: queued, then sent or failed,
 * with its subject and the start of its text stripped of secrets (codes masked, links cut before their
 * token), because admins read that table.
 */
export function createMailer(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  db: Db;
  logger: Logger;
}): Mailer {
  const { config, db, logger } = deps;
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;

  const inFlight = new Set<Promise<unknown>>();
  const mailer: Mailer = {
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    send(message) {
      const delivery = deliver(message);
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
      return delivery;
    },
  };
  return mailer;

  async function deliver(message: MailMessage): Promise<{ ok: boolean }> {
    const [log] = await db
      .insert(notificationLogs)
      .values({
        userId: message.userId ?? null,
        toEmail: message.to,
        kind: message.kind,
        subject: redactSecrets(message.subject),
        bodyPreview: redactSecrets(message.text).slice(0, 200),
        sendStatus: 'queued',
        scheduledFor: new Date(),
      })
      .returning({ id: notificationLogs.id });

    try {
      if (transport) {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } else {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          `\n----- mail (no SMTP_URL set) -----\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n----- end of mail -----`,
        );
      }
      await db
        .update(notificationLogs)
        .set({ sendStatus: 'sent', sentAt: new Date() })
        .where(eq(notificationLogs.id, log.id));
      return { ok: true };
    } catch (error) {
      logger.error({ err: error, to: message.to, kind: message.kind }, 'mail delivery failed');
      await db
        .update(notificationLogs)
        .set({ sendStatus: 'failed', error: redactSecrets((error as Error).message).slice(0, 500) })
        .where(eq(notificationLogs.id, log.id));
      return { ok: false };
    }
  }
}
