import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/api-types';
import { MEDIA_STORAGE_QUOTA_BYTES } from '@shared/constants';
import { msg } from '@shared/messages';
import {
  checkinUpdateMedia,
  checkinUpdates,
  checkins,
  cycles,
  postMedia,
  posts,
  user,
} from '../../db/schema';
import { createContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { setUpTestApp } from '../../testing/test-app';
import { assertStorageQuota, storageUsed } from './quota';

const t = setUpTestApp();

const GB = 1024 ** 3;

async function newMember(): Promise<SessionUser> {
  const id = `quota_${randomUUID()}`;
  await t.deps.db.insert(user).values({ id, name: 'Quota', email: `${id}@example.com` });
  return {
    userId: id,
    email: `${id}@example.com`,
    emailVerified: true,
    displayName: 'Quota',
    avatarUrl: null,
    isAdmin: false,
    createdAt: new Date().toISOString(),
    timeZone: 'America/Denver',
    unitPref: 'imperial',
  };
}

/** A check-in on `day` with its post, its media of `postSizes`, and one update with `updateSizes`. */
async function checkinWithMedia(
  userId: string,
  day: number,
  postSizes: number[],
  updateSizes: number[] = [],
) {
  const db = t.deps.db;
  let [cycle] = await db.select().from(cycles).where(eq(cycles.userId, userId)).limit(1);
  cycle ??= (await db.insert(cycles).values({ userId, startDate: '2026-01-01' }).returning())[0];
  const [checkin] = await db
    .insert(checkins)
    .values({ cycleId: cycle.id, userId, dayNumber: day, localDate: `2026-01-${10 + day}` })
    .returning();
  const [post] = await db.insert(posts).values({ userId, checkinId: checkin.id }).returning();
  const media = (size: number, sortIndex: number) => ({
    storagePath: `u/${userId}/${randomUUID()}.webp`,
    mediaType: 'image',
    mimeType: 'image/webp',
    sortIndex,
    sizeBytes: size,
  });
  if (postSizes.length) {
    await db
      .insert(postMedia)
      .values(postSizes.map((s, i) => ({ ...media(s, i), postId: post.id })));
  }
  if (updateSizes.length) {
    const [update] = await db
      .insert(checkinUpdates)
      .values({ checkinId: checkin.id, userId, body: 'more' })
      .returning();
    await db
      .insert(checkinUpdateMedia)
      .values(updateSizes.map((s, i) => ({ ...media(s, i), updateId: update.id })));
  }
}

function memberContext(member: SessionUser) {
  return createContext(t.deps, { actor: { kind: 'member', user: member } });
}

describe('storageUsed', () => {
  it("adds up a member's post media and update media, and nobody else's", async () => {
    const member = await newMember();
    const other = await newMember();
    expect(await storageUsed(t.deps.db, member.userId)).toBe(0);
    await checkinWithMedia(member.userId, 1, [1000, 2500], [400]);
    await checkinWithMedia(member.userId, 2, [3 * GB], [5, 6]);
    await checkinWithMedia(other.userId, 1, [777], [888]);
    expect(await storageUsed(t.deps.db, member.userId)).toBe(1000 + 2500 + 400 + 3 * GB + 11);
    expect(await storageUsed(t.deps.db, other.userId)).toBe(777 + 888);
  });
});

describe('assertStorageQuota', () => {
  it('lets an upload through up to the quota, and refuses one byte past it with a 413', async () => {
    const member = await newMember();
    await checkinWithMedia(member.userId, 1, [MEDIA_STORAGE_QUOTA_BYTES - 1000], [400]);
    const ctx = memberContext(member);
    await expect(assertStorageQuota(ctx, 600)).resolves.toBeUndefined();
    const refused = await assertStorageQuota(ctx, 601).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'payload_too_large',
      status: 413,
      message: msg.storageQuotaReached,
    });
  });

  it('refuses a member already past the quota whatever size the upload claims', async () => {
    const member = await newMember();
    await checkinWithMedia(member.userId, 1, [MEDIA_STORAGE_QUOTA_BYTES], [1]);
    for (const claimed of [0, -5, Number.NaN]) {
      await expect(assertStorageQuota(memberContext(member), claimed)).rejects.toMatchObject({
        code: 'payload_too_large',
      });
    }
  });

  it('counts only the caller: another member near the quota does not block them', async () => {
    const full = await newMember();
    const fresh = await newMember();
    await checkinWithMedia(full.userId, 1, [MEDIA_STORAGE_QUOTA_BYTES]);
    await expect(
      assertStorageQuota(memberContext(fresh), 100 * 1024 ** 2),
    ).resolves.toBeUndefined();
  });

  it('needs a signed-in member', async () => {
    const ctx = createContext(t.deps, { actor: { kind: 'anonymous' } });
    await expect(assertStorageQuota(ctx, 1)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
