import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DATA_EXPORT_DOWNLOADS_PER_LINK, DATA_EXPORTS_PER_HOUR } from '@shared/constants';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { comments, likes, posts, subscriptions, user } from '../../db/schema';
import { useStripeAdapter } from '../subscription/provider';
import type { StripeAdapter } from '../subscription/stripe-adapter';
import { downloadExport, exportEntry } from '../../testing/data-export';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { streamExport } from './data-export';
import { testPng } from '../../testing/images';

const t = setUpTestApp();
afterEach(() => vi.restoreAllMocks());

const png = (background: string) => testPng(background, 120, 90);

async function post(client: TestClient, url: string, json: unknown) {
  const res = await client.request(url, { method: 'POST', json });
  expect(res.status, `${url}: ${res.status}`).toBeLessThan(300);
  return res.json();
}

async function upload(client: TestClient, url: string, bytes: Buffer) {
  const res = await client.request(url, {
    method: 'POST',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(bytes),
  });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(201);
  return res.json();
}

/** A member with a check-in, a photo on it, an update with a photo, an avatar and a comment. */
async function activeMember(name: string, colour: string) {
  const m = await t.member({ displayName: name });
  const journal = `${name}'s private journal ${Math.random().toString(36).slice(2)}`;
  const { checkin } = await post(m.client, '/api/checkins', {
    movedMinutes: 45,
    steps: 9000,
    proteinTargetHit: true,
    hydrationGoalHit: false,
    journalMd: journal,
  });
  await upload(m.client, `/api/checkins/${checkin.id}/media?index=0`, await png(colour));
  const { update } = await post(m.client, `/api/checkins/${checkin.id}/updates`, {
    body: `${name}'s update`,
    mediaCount: 1,
  });
  await upload(m.client, `/api/updates/${update.id}/media?index=0`, await png('#111111'));
  await upload(m.client, '/api/profile/avatar', await png(colour));
  await m.client.request('/api/profile/health', {
    method: 'PUT',
    json: { birthYear: 1988, heightCm: 170, weightKg: 70 },
  });
  return { ...m, name, journal, checkin, postId: checkin.postId as string, update };
}

async function download(client: TestClient) {
  const { url, res, entries } = await downloadExport(client);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="stackdays-export-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return { url, entries };
}

describe('Download my data', () => {
  it('holds exactly the member’s own data: JSON, a CSV row per check-in day, and their files', async () => {
    const a = await activeMember('Ari', '#a3e635');
    const b = await activeMember('Bo', '#38bdf8');
    // Each comments on and likes the other's post.
    await post(a.client, `/api/posts/${b.postId}/comments`, { body: 'Ari cheering Bo' });
    await post(b.client, `/api/posts/${a.postId}/comments`, { body: 'Bo secret cheer for Ari' });
    await a.client.request(`/api/posts/${b.postId}/like`, { method: 'PUT' });
    await b.client.request(`/api/posts/${a.postId}/reaction`, {
      method: 'PUT',
      json: { reaction: 'strong' },
    });

    const { entries } = await download(a.client);
    const names = [...entries.keys()].map((n) => n.replace(/^stackdays-export-[\d-]+\//, ''));
    expect(names).toEqual(
      expect.arrayContaining(['README.txt', 'data.json', 'checkins.csv', 'media/avatar.webp']),
    );
    expect(names.filter((n) => n.startsWith('media/checkins/'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('media/updates/'))).toHaveLength(1);
    expect(names).toHaveLength(6);

    const data = JSON.parse(exportEntry(entries, 'data.json')!.toString('utf8'));
    expect(data.account).toMatchObject({ id: a.userId, email: a.email });
    expect(data.profile.displayName).toBe('Ari');
    expect(data.healthProfile).toMatchObject({ birthYear: 1988, heightCm: 170, weightKg: 70 });
    expect(data.weightHistory).toEqual([{ weightKg: 70, recordedAt: expect.any(String) }]);
    expect(data.checkins).toHaveLength(1);
    expect(data.checkins[0]).toMatchObject({ journalMd: a.journal, steps: 9000 });
    expect(data.checkins[0].updates[0].body).toBe("Ari's update");
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(['Ari cheering Bo']);
    expect(data.likes).toEqual([{ postId: b.postId, createdAt: expect.any(String) }]);

    // Nothing of Bo's: not their id, address, name, journal, update or the comment they wrote.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const secret of [b.userId, b.email, b.journal, "Bo's update", 'Bo secret cheer', '"Bo"']) {
      expect(everything.includes(secret), secret).toBe(false);
    }

    const csv = exportEntry(entries, 'checkins.csv')!
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,cycle_start,day,move_minutes,steps,protein_target_hit,hydration_goal_hit,journal,photos_and_videos,updates,checked_in_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,1,45,9000,true,false,${a.journal},1,1,`);

    // The files are the stored originals, byte for byte.
    const mediaKey = data.posts[0].media[0];
    expect(mediaKey.file).toMatch(/^media\/checkins\/\d{4}-\d{2}-\d{2}-day-01-1\.webp$/);
    const [row] = await queryRows<{ storage_path: string }>(
      t.deps.db,
      sql`select storage_path from post_media where post_id = ${a.postId}::uuid`,
    );
    const stored = await t.deps.storage.get(row.storage_path);
    const original = Buffer.from(await new Response(stored!.stream).arrayBuffer());
    expect(exportEntry(entries, mediaKey.file)!.equals(original)).toBe(true);
  });

  it('streams the files one at a time', async () => {
    const m = await activeMember('Cam', '#f97316');
    const storage = t.deps.storage;
    const realGet = storage.get.bind(storage);
    let open = 0;
    let most = 0;
    vi.spyOn(storage, 'get').mockImplementation(async (key, range) => {
      const object = await realGet(key, range);
      if (!object) return object;
      open += 1;
      most = Math.max(most, open);
      const reader = object.stream.getReader();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            open -= 1;
            controller.close();
          } else controller.enqueue(value);
        },
      });
      return { ...object, stream };
    });
    const { entries } = await download(m.client);
    expect([...entries.keys()].filter((n) => n.includes('/media/'))).toHaveLength(3);
    expect(most).toBe(1);
  });

  it('gives a link only its member can use, for a few minutes', async () => {
    const a = await t.member();
    const b = await t.member();
    const { url } = await (
      await a.client.request('/api/account/export', { method: 'POST', json: {} })
    ).json();
    expect((await b.client.request(url)).status).toBe(404);
    expect((await t.client().request(url)).status).toBe(401);
    const tampered = url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    const refused = await a.client.request(tampered);
    expect(refused.status).toBe(404);
    expect((await refused.json()).message).toBe(msg.exportLinkExpired);

    const token = url.split('/').at(-1)!;
    const later = await t.contextFor(a.userId, { now: new Date(Date.now() + 10 * 60_000) });
    await expect(streamExport(later, { token })).rejects.toMatchObject({
      message: msg.exportLinkExpired,
    });
  });

  it(`lets one link download ${DATA_EXPORT_DOWNLOADS_PER_LINK} times, even when asked in parallel`, async () => {
    const { client } = await t.member();
    const { url } = await (
      await client.request('/api/account/export', { method: 'POST', json: {} })
    ).json();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.request(url)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(DATA_EXPORT_DOWNLOADS_PER_LINK).fill(200),
      ...Array<number>(8 - DATA_EXPORT_DOWNLOADS_PER_LINK).fill(404),
    ]);
    for (const res of answers) {
      if (res.status === 200) expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
      else expect((await res.json()).message).toBe(msg.exportLinkExpired);
    }
    // A new link works again (within the hourly limit).
    expect((await download(client)).entries.size).toBeGreaterThan(0);
  });

  it(`allows ${DATA_EXPORTS_PER_HOUR} exports an hour per member`, async () => {
    const { client } = await t.member();
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i += 1) {
      expect(
        (await client.request('/api/account/export', { method: 'POST', json: {} })).status,
      ).toBe(200);
    }
    const refused = await client.request('/api/account/export', { method: 'POST', json: {} });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^You've downloaded your data a few times/);
  });
});

/** Every row in the public schema whose text mentions `needle` (case-insensitive), by table. */
async function rowsMentioning(needle: string) {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.deps.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public'
          and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'uuid')`,
  );
  const found: Record<string, number> = {};
  for (const { table_name, column_name } of columns) {
    const [{ n }] = await queryRows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`,
    );
    if (Number(n) > 0) found[`${table_name}.${column_name}`] = Number(n);
  }
  return found;
}

describe('Delete my account', () => {
  it('refuses without the typed confirmation, deleting nothing', async () => {
    const { client, userId } = await t.member();
    for (const confirmation of ['', 'delete', 'DELETE ME', 'yes']) {
      const res = await client.request('/api/account/delete', {
        method: 'POST',
        json: { confirmation },
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toBe(msg.deleteAccountConfirmMismatch);
    }
    expect(await t.deps.db.select().from(user).where(eq(user.id, userId))).toHaveLength(1);
  });

  it('leaves no row and no file of the member, and signs them out everywhere', async () => {
    const a = await activeMember('Dana', '#22c55e');
    const b = await activeMember('Eli', '#eab308');
    await post(a.client, `/api/posts/${b.postId}/comments`, { body: 'Dana on Eli' });
    await post(b.client, `/api/posts/${a.postId}/comments`, { body: 'Eli on Dana' });
    await a.client.request(`/api/posts/${b.postId}/like`, { method: 'PUT' });
    await post(a.client, `/api/posts/${b.postId}/reports`, { reason: 'test report' });
    await a.client.request('/api/account/export', { method: 'POST', json: {} });
    // A second device, signed in as the same member.
    const phone = t.client();
    await phone.request('/api/account/send-code', { method: 'POST', json: { email: a.email } });
    const code = await t.lastCode(a.email);
    await phone.request('/api/account/sign-in', { method: 'POST', json: { email: a.email, code } });
    expect((await (await phone.request('/api/account/session')).json()).user).not.toBeNull();
    const mediaDir = path.join(t.deps.config.dataDir, 'media', 'u');
    expect(existsSync(path.join(mediaDir, a.userId))).toBe(true);

    const res = await a.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: ' DELETE ' },
    });
    expect(res.status).toBe(200);

    // No row anywhere names the member, except the audit record of the deletion itself.
    expect(await rowsMentioning(a.email)).toEqual({});
    const byId = await rowsMentioning(a.userId);
    expect(byId).toEqual({ 'audit_events.actor_id': 1, 'audit_events.target_id': 1 });
    const [event] = await queryRows<{ action: string; before: unknown }>(
      t.deps.db,
      sql`select action, before from audit_events where target_id = ${a.userId}`,
    );
    expect(event).toMatchObject({ action: 'account.delete', before: { checkins: 1, posts: 1 } });
    // No file: the member's whole storage folder is gone (after the commit).
    await expect.poll(() => existsSync(path.join(mediaDir, a.userId))).toBe(false);
    expect(existsSync(path.join(mediaDir, b.userId))).toBe(true);

    // Eli's comment on Dana's post went with it; Eli's own post lost Dana's comment and like.
    expect(await t.deps.db.select().from(comments).where(eq(comments.body, 'Eli on Dana'))).toEqual(
      [],
    );
    expect(await t.deps.db.select().from(posts).where(eq(posts.id, b.postId))).toHaveLength(1);
    expect(await t.deps.db.select().from(likes).where(eq(likes.postId, b.postId))).toEqual([]);

    // Signed out on both devices, and the feed no longer shows Dana.
    for (const client of [a.client, phone]) {
      expect((await (await client.request('/api/account/session')).json()).user).toBeNull();
      expect((await client.request('/api/profile')).status).toBe(401);
    }
    const feed = await (await b.client.request('/api/feed')).json();
    expect(feed.posts.some((p: { author: { id: string } }) => p.author.id === a.userId)).toBe(
      false,
    );

    // And cannot sign in again: no code is mailed, and a guessed one fails.
    const mailsBefore = t.mails.length;
    await t.resetLimits();
    const again = t.client();
    await again.request('/api/account/send-code', { method: 'POST', json: { email: a.email } });
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mails.slice(mailsBefore).filter((m) => m.to === a.email)).toEqual([]);
    const signIn = await again.request('/api/account/sign-in', {
      method: 'POST',
      json: { email: a.email, code },
    });
    expect(signIn.status).toBe(400);
  });
});

describe('Delete my account with billing configured', () => {
  const billed = setUpTestApp({
    STRIPE_SECRET_KEY: 'sk_test_profile',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_profile',
  });
  const unreachable = () => Promise.reject(new Error('not in this test'));
  const stripeAdapter: StripeAdapter = {
    createCustomer: unreachable,
    createCheckoutSession: unreachable,
    createPortalSession: unreachable,
    retrieveSubscription: unreachable,
    changeSubscriptionPrice: unreachable,
    cancelSubscription: () => Promise.resolve(true),
  };
  beforeAll(() => {
    // The Stripe API cannot be reached here: the billing adapter is replaced (decision 0018).
    useStripeAdapter(billed.deps.config, stripeAdapter);
  });

  async function payingMember() {
    const m = await billed.member();
    await billed.deps.db.insert(subscriptions).values({
      userId: m.userId,
      status: 'active',
      stripeSubscriptionId: 'sub_123',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    return m;
  }

  it('cancels the paid subscription first, and deletes nothing when that fails', async () => {
    const m = await payingMember();
    const stripe = vi
      .spyOn(stripeAdapter, 'cancelSubscription')
      .mockRejectedValueOnce(new Error('Stripe answered 500'));
    const failed = await m.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: 'DELETE' },
    });
    expect(failed.status).toBe(503);
    expect((await failed.json()).message).toBe(msg.cancelSubscriptionFailed);
    expect(await billed.deps.db.select().from(user).where(eq(user.id, m.userId))).toHaveLength(1);

    stripe.mockResolvedValueOnce(true);
    const done = await m.client.request('/api/account/delete', {
      method: 'POST',
      json: { confirmation: 'DELETE' },
    });
    expect(done.status).toBe(200);
    expect(stripe).toHaveBeenLastCalledWith('sub_123');
    expect(await billed.deps.db.select().from(user).where(eq(user.id, m.userId))).toHaveLength(0);
  });
});
