import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { thumbKeyFor } from '../../lib/storage';
import { addCheckinMedia, checkInToday } from '../../testing/checkins';
import { setUpTestApp } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { sweepStorage } from './sweep';
import { testPng } from '../../testing/images';

// The storage sweep (decision 0042): objects no row names, and rows whose object is gone.

const t = setUpTestApp();

const png = () => testPng('plum');

describe(`the storage sweep (${databaseLabel})`, () => {
  it('finds an object no row names and a row whose object is gone, and removes only the orphan', async () => {
    const member = await t.member();
    const checkin = await checkInToday(member.client);
    await addCheckinMedia(member.client, checkin.id, await png());
    const [row] = await queryRows<{ storage_path: string }>(
      t.deps.db,
      sql`select m.storage_path from post_media m join posts p on p.id = m.post_id where p.user_id = ${member.userId}`,
    );
    const photo = row!.storage_path;
    const stray = `u/${member.userId}/stray/left-behind.webp`;
    await t.deps.storage.put(stray, await png(), { contentType: 'image/webp' });
    await t.deps.storage.delete(thumbKeyFor(photo));

    // Just written: an upload may still be on its way to its row, so it is not an orphan yet.
    const now = await sweepStorage(t.system());
    expect(now.orphans).not.toContain(stray);
    expect(now.missing).toContain(thumbKeyFor(photo));

    const later = () => new Date(Date.now() + 2 * 3600_000);
    const report = await sweepStorage(t.system('sweep', later));
    expect(report.orphans).toEqual([stray]);
    expect(report.missing).toEqual([thumbKeyFor(photo)]);
    expect(await t.deps.storage.stat(stray)).not.toBeNull(); // reporting changes nothing

    await sweepStorage(t.system('sweep', later), { remove: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.deps.storage.stat(stray)).toBeNull();
    expect(await t.deps.storage.stat(photo)).not.toBeNull();
  });
});
