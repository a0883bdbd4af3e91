import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETE_CONFIRMATION } from '@shared/constants';
import { queryRows } from '../../db/client';
import { storageDeletions } from '../../db/schema';
import { addCheckinMedia, checkInToday } from '../../testing/checkins';
import { setUpTestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { avatarKeyFromUrl } from '../../queries/media-urls';
import { retryDelayMs, runStorageDeletions } from './deletions';
import { testPng } from '../../testing/images';

// Deletions that always finish (decision 0042): the files of an erased member, of a deleted post and
// of a replaced avatar leave storage even when storage fails the first time.

const t = setUpTestApp();

const png = (color: string) => testPng(color);

/** Storage that refuses every removal until `restore()`, as a bucket that is away would. */
function breakDeletions() {
  const storage = t.deps.storage;
  const original = { delete: storage.delete, deletePrefix: storage.deletePrefix };
  storage.delete = () => Promise.reject(new Error('storage is away'));
  storage.deletePrefix = () => Promise.reject(new Error('storage is away'));
  return () => Object.assign(storage, original);
}

/** A member with a check-in and its photo; answers the photo's storage key. */
async function memberWithPhoto() {
  const member = await t.member();
  const checkin = await checkInToday(member.client);
  const media = await addCheckinMedia(member.client, checkin.id, await png('red'));
  const [row] = await queryRows<{ storage_path: string }>(
    t.deps.db,
    sql`select storage_path from post_media where id = ${media.id}::uuid`,
  );
  return { ...member, key: row!.storage_path };
}

const queued = () => t.deps.db.select().from(storageDeletions);
/** Waits for the after-commit attempt that follows a deletion (it runs behind the answer). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe(`storage deletions that always finish (${databaseLabel})`, () => {
  it("removes an erased member's files after storage failed once and came back", async () => {
    const member = await memberWithPhoto();
    expect(await t.deps.storage.stat(member.key)).not.toBeNull();

    const restore = breakDeletions();
    try {
      const res = await member.client.request('/api/account/delete', {
        method: 'POST',
        json: { confirmation: ACCOUNT_DELETE_CONFIRMATION },
      });
      expect(res.status).toBe(200);
      await settle();
    } finally {
      restore();
    }
    // The rows are gone, the file is still there, and its removal is waiting with the error.
    expect(await t.deps.storage.stat(member.key)).not.toBeNull();
    const waiting = await queued();
    expect(waiting.map((d) => d.key)).toContain(member.key);
    expect(waiting.every((d) => d.attempts === 1 && d.lastError === 'storage is away')).toBe(true);

    // Not before its time comes; then the scheduler's run removes everything.
    expect(await runStorageDeletions(t.system())).toBe(0);
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await runStorageDeletions(t.system(), { now: later })).toBe(waiting.length);
    expect(await t.deps.storage.stat(member.key)).toBeNull();
    expect(await t.deps.storage.deletePrefix(`u/${member.userId}`)).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it("removes a deleted post's file and a replaced avatar's at once when storage answers", async () => {
    const member = await memberWithPhoto();
    const admin = await t.member();
    await t.setAdminFlag(admin.userId);
    const [post] = await queryRows<{ id: string }>(
      t.deps.db,
      sql`select id from posts where user_id = ${member.userId}`,
    );
    const res = await admin.client.request(`/api/admin/posts/${post!.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    await settle();
    expect(await t.deps.storage.stat(member.key)).toBeNull();
    expect(await queued()).toEqual([]);

    const avatar = async (color: string) => {
      const set = await member.client.request('/api/profile/avatar', {
        method: 'POST',
        body: await png(color),
        headers: { 'content-type': 'image/png' },
      });
      expect(set.ok, await set.clone().text()).toBe(true);
      const [row] = await queryRows<{ avatar_url: string }>(
        t.deps.db,
        sql`select avatar_url from profiles where id = ${member.userId}`,
      );
      return row!.avatar_url;
    };
    const first = await avatar('green');
    await avatar('blue');
    await settle();
    const firstKey = avatarKeyFromUrl(first)!;
    expect(firstKey).toBeTruthy();
    expect(await t.deps.storage.stat(firstKey)).toBeNull();
    expect(await queued()).toEqual([]);
  });

  it('a row claimed by one process is not tried by another until its lease ends', async () => {
    await t.deps.db.insert(storageDeletions).values({ key: 'u/nobody/gone.png', reason: 'sweep' });
    const [row] = (await queued()).filter((d) => d.key === 'u/nobody/gone.png');
    const claims = await Promise.all([
      runStorageDeletions(t.system()),
      runStorageDeletions(t.system()),
    ]);
    expect(claims.reduce((a, b) => a + b, 0)).toBe(1);
    expect(
      await t.deps.db.select().from(storageDeletions).where(eq(storageDeletions.id, row!.id)),
    ).toEqual([]);
  });
});
