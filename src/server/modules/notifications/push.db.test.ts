import { createPublicKey, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushSubscriptions, userSettings } from '../../db/schema';
import { systemContext } from '../../lib/context';
import { sendPush } from '../../lib/push';
import { setUpTestApp } from '../../testing/test-app';
import { browserKeys, decryptPush as decrypt } from '../../testing/web-push';
import { databaseLabel } from '../../testing/test-database';
import { sendDueReminders } from './service';
import { startCycleOn } from '../../testing/cycles';

// Web push against a local HTTP endpoint standing in for a push service: the request must be a valid
// encrypted Web Push message (RFC 8291 aes128gcm) with a VAPID signature (RFC 8292) we can check.

interface PushRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

const t = setUpTestApp();
let server: Server;
let base: string;
const requests: PushRequest[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const b64url = (buf: Buffer) => buf.toString('base64url');

/** RFC 8292: the push service checks the JWT against the key in the same header. */
function checkVapid(authorization: string, endpoint: string, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, payload, signature] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid).toBe(true);
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(claims.aud).toBe(new URL(endpoint).origin);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  expect(claims.sub).toMatch(/^(mailto:|https:)/);
}

async function subscribe(userId: string, endpoint: string, keys = browserKeys()) {
  await t.database.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.authText });
  return keys;
}

const devices = async (userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe(`web push sender (${databaseLabel})`, () => {
  it('sends a valid encrypted Web Push message signed with the VAPID key', async () => {
    const m = await t.member();
    const keys = await subscribe(m.userId, `${base}/push/device-1`);
    const ctx = t.system();
    const accepted = await sendPush(
      ctx,
      m.userId,
      { title: 'Day 3: time to check in', body: 'Streak 2.', url: '/app' },
      { allowEndpoint: () => true },
    );
    expect(accepted).toBe(1);
    const request = requests.find((r) => r.path === '/push/device-1')!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (
      (await (await m.client.request('/api/notifications/push/key')).json()) as {
        publicKey: string;
      }
    ).publicKey;
    checkVapid(String(request.headers.authorization), `${base}/push/device-1`, publicKey);
    expect(JSON.parse(decrypt(request.body, keys))).toEqual({
      title: 'Day 3: time to check in',
      body: 'Streak 2.',
      url: '/app',
      // The language it is written in, the notification's `lang` (issue 47): outside any, English.
      lang: 'en',
    });
    expect((await devices(m.userId))[0].lastSuccessAt).not.toBeNull();
  });

  it('removes a subscription the push service says is gone (410), keeping the others', async () => {
    const m = await t.member();
    await subscribe(m.userId, `${base}/gone/device-2`);
    await subscribe(m.userId, `${base}/push/device-3`);
    const accepted = await sendPush(
      t.system(),
      m.userId,
      { title: 'x', body: 'y', url: '/app' },
      { allowEndpoint: () => true },
    );
    expect(accepted).toBe(1);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([`${base}/push/device-3`]);
  });

  it('the reminder job pushes to members with push nudges, and never POSTs to an endpoint that is not a push service', async () => {
    const m = await t.member();
    await t.database.db
      .update(userSettings)
      .set({ pushNudges: true, emailNudges: false, timezone: 'UTC', reminderHour: 9 })
      .where(eq(userSettings.userId, m.userId));
    await startCycleOn(t.database.db, m.userId, '2026-05-01');
    await subscribe(m.userId, `${base}/push/loopback-device`);
    const before = requests.length;
    await sendDueReminders(
      systemContext(t.deps, 'reminders', () => new Date('2026-05-03T09:00:00Z')),
    );
    expect(requests.slice(before).filter((r) => r.path === '/push/loopback-device')).toEqual([]);
    expect(await devices(m.userId)).toEqual([]);
    expect(t.mails.filter((mail) => mail.to === m.email && mail.kind === 'daily_reminder')).toEqual(
      [],
    );
  });
});

describe(`push subscriptions over the API (${databaseLabel})`, () => {
  const keys = () => {
    const k = browserKeys();
    return { p256dh: k.p256dh, auth: k.authText };
  };

  it('stores a device for the member, refusing endpoints that are not known push services', async () => {
    const m = await t.member();
    const post = (endpoint: string) =>
      m.client.request('/api/notifications/push/subscriptions', {
        method: 'POST',
        json: { endpoint, keys: keys() },
      });
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://fcm.googleapis.com.evil.test/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com/fcm/send/a\u0000b',
    ]) {
      const res = await post(bad);
      expect(res.status, bad).toBe(422);
    }
    expect(await devices(m.userId)).toEqual([]);

    const endpoint = 'https://fcm.googleapis.com/fcm/send/device-a';
    expect((await post(endpoint)).status).toBe(201);
    expect((await post(endpoint)).status).toBe(201);
    expect((await post('https://updates.push.services.mozilla.com/wpush/v2/b')).status).toBe(201);
    expect(await devices(m.userId)).toHaveLength(2);

    const removed = await m.client.request('/api/notifications/push/unsubscribe', {
      method: 'POST',
      json: { endpoint },
    });
    expect(removed.status).toBe(200);
    expect((await devices(m.userId)).map((d) => d.endpoint)).toEqual([
      'https://updates.push.services.mozilla.com/wpush/v2/b',
    ]);
    const nul = await m.client.request('/api/notifications/push/unsubscribe', {
      method: 'POST',
      json: { endpoint: 'a\u0000' },
    });
    expect(nul.status).toBe(422);
  });

  it('needs a signed-in member', async () => {
    const anonymous = t.client();
    expect((await anonymous.request('/api/notifications/push/key')).status).toBe(401);
    const res = await anonymous.request('/api/notifications/push/subscriptions', {
      method: 'POST',
      json: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: keys() },
    });
    expect(res.status).toBe(401);
  });
});
