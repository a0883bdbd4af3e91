import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Db } from '../db/client';
import type { Logger } from './logger';
import { sealer } from './sealed';
import { sameSignature, unsubscribeSignature, type UnsubscribeList } from './tokens';
import {
  enqueueMessage,
  flushDueMessages,
  type MailOutbox,
  type StoredMessage,
} from './mail-outbox';

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
  /** The links a nudge to this member carries: the site, and the signed link off its list. */
  nudgeLinks(userId: string, list?: UnsubscribeList): { publicUrl: string; unsubscribeUrl: string };
  verifyUnsubscribe(userId: string, signature: string, list?: UnsubscribeList): boolean;
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
  const sealed = sealer(deps.secret, 'mail outbox v1');
  const outbox: MailOutbox = {
    db,
    logger,
    transport,
    mailFrom: config.mailFrom,
    seal: (message) => sealed.seal(JSON.stringify(message)),
    unseal: (payload) => JSON.parse(sealed.unseal(payload)) as StoredMessage,
  };

  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const signUnsubscribe = (userId: string, list: UnsubscribeList = 'nudges') =>
    unsubscribeSignature(deps.secret, userId, list);
  const unsubscribeUrl = (userId: string, list: UnsubscribeList = 'nudges') => {
    const query = new URLSearchParams({ u: userId, s: signUnsubscribe(userId, list) });
    if (list !== 'nudges') query.set('l', list);
    return `${config.publicUrl}/api/notifications/unsubscribe?${query}`;
  };

  return {
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    send: (message) => track(enqueueMessage(outbox, message)),
    flush: (now = new Date()) => track(flushDueMessages(outbox, now)),
    unsubscribeUrl,
    nudgeLinks: (userId, list) => ({
      publicUrl: config.publicUrl,
      unsubscribeUrl: unsubscribeUrl(userId, list),
    }),
    verifyUnsubscribe(userId, signature, list = 'nudges') {
      return sameSignature(signature, signUnsubscribe(userId, list));
    },
  };
}
