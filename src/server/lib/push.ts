import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { currentLocale } from '@shared/i18n/translate';
import type { DbOrTx } from '../db/client';
import { pushSubscriptions, serverKeys } from '../db/schema';
import type { ServiceContext } from './context';
import { sealer } from './sealed';

// Web push (decision 0020): messages are encrypted and signed by the `web-push` library
// (generateRequestDetails: aes128gcm + VAPID), and sent by us with fetch, so the request has a
// timeout, follows no redirect, and goes only to the push services below.

/**
 * Push services of the browsers we support. A subscription endpoint is a URL the server will POST to;
 * anything else (a private address, a member's own server) is refused when subscribing and skipped
 * when sending, so the endpoint cannot be used to make the server call into the network (SSRF).
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Opera, Samsung
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari
];
const PUSH_SERVICE_SUFFIXES = [
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.includes(host) ||
    PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix))
  );
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cachedKeys = new WeakMap<object, Promise<VapidKeys>>();

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY from config, or a pair generated at first use and stored in
 * server_keys (private part sealed with the auth secret), so every process signs with the same key
 * and subscriptions survive restarts.
 */
export function vapidKeys(ctx: ServiceContext): Promise<VapidKeys> {
  let keys = cachedKeys.get(ctx.auth);
  if (!keys) {
    keys = loadVapidKeys(ctx);
    cachedKeys.set(ctx.auth, keys);
    keys.catch(() => cachedKeys.delete(ctx.auth));
  }
  return keys;
}

async function loadVapidKeys(ctx: ServiceContext): Promise<VapidKeys> {
  const { vapid, publicUrl } = ctx.config;
  const subject =
    vapid.subject ??
    (publicUrl.startsWith('https://') ? publicUrl : 'mailto:no-reply@stackdays.local');
  if (vapid.publicKey && vapid.privateKey) {
    return { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject };
  }
  if (vapid.publicKey || vapid.privateKey) {
    ctx.logger.warn('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: using the stored pair');
  }
  const secret = ctx.secret;
  const box = sealer(secret, 'vapid v1');
  const db: DbOrTx = ctx.db;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({
      name: 'vapid',
      publicKey: generated.publicKey,
      sealedPrivateKey: box.seal(generated.privateKey),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, 'vapid')).limit(1);
  return { publicKey: row.publicKey, privateKey: box.unseal(row.sealedPrivateKey), subject };
}

export interface PushMessage {
  title: string;
  body: string;
  /** Where a tap on the notification opens, a path on PUBLIC_URL. */
  url: string;
  tag?: string;
  /** The language of title and body (the notification's `lang`); sendPush fills in the current one. */
  lang?: string;
}

interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One encrypted push to one subscription; the push service's status, or 0 when it did not answer. */
export async function sendToSubscription(
  keys: VapidKeys,
  subscription: Omit<StoredSubscription, 'id'>,
  message: PushMessage,
): Promise<number> {
  const details = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(message),
    {
      vapidDetails: keys,
      TTL: 12 * 60 * 60,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * Sends `message` to every device of the member. A subscription the push service no longer knows
 * (404, 410) is removed; one whose endpoint is not a known push service is skipped and removed.
 * Returns how many devices accepted it.
 */
export async function sendPush(
  ctx: ServiceContext,
  userId: string,
  message: PushMessage,
  options: { allowEndpoint?: (endpoint: string) => boolean } = {},
): Promise<number> {
  const allow = options.allowEndpoint ?? isAllowedPushEndpoint;
  const rows = await ctx.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  if (rows.length === 0) return 0;
  const keys = await vapidKeys(ctx);
  // Written in the locale it was composed in, the recipient's (decision 0119): the notification says so.
  const payload: PushMessage = { ...message, lang: message.lang ?? currentLocale() };
  const gone: string[] = [];
  let accepted = 0;
  for (const row of rows) {
    if (!allow(row.endpoint)) {
      ctx.logger.warn({ userId }, 'push endpoint is not a known push service: removed');
      gone.push(row.id);
      continue;
    }
    let status: number;
    try {
      status = await sendToSubscription(keys, row, payload);
    } catch (error) {
      // Keys the library cannot use (corrupt data): the subscription can never work.
      ctx.logger.warn({ err: error, userId }, 'push subscription unusable: removed');
      gone.push(row.id);
      continue;
    }
    if (status >= 200 && status < 300) {
      accepted += 1;
      await ctx.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: ctx.now() })
        .where(eq(pushSubscriptions.id, row.id));
    } else if (status === 404 || status === 410) {
      gone.push(row.id);
    } else {
      ctx.logger.warn({ userId, status }, 'push not accepted');
    }
  }
  if (gone.length) {
    await ctx.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, gone)));
  }
  return accepted;
}
