import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddMediaResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { queryRows } from '../../db/client';
import { checkInToday } from '../../testing/checkins';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import { startTestS3, type TestS3 } from '../../testing/storage/s3-server';
import { STORAGE_RETRY_AFTER_SECONDS } from './upload-refusals';
import { testPng } from '../../testing/images';

// The file store fails (decision 0041, issue 32): S3 goes away in the middle of an upload and comes
// back; the local disk under DATA_DIR fills up. The member is told plainly, nothing half-stored is
// left, what was stored before is intact, and reads go on.

const png = (color: string, size = 40) => testPng(color, size, size);

/** A noisy image: its WebP stays big (about 1 MB), so it does not fit in the small disk below. */
const bigPhoto = () =>
  sharp(
    Buffer.from(Array.from({ length: 1200 * 1200 * 3 }, () => Math.floor(Math.random() * 256))),
    {
      raw: { width: 1200, height: 1200, channels: 3 },
    },
  )
    .png()
    .toBuffer();

const checkIn = async (client: TestClient) => (await checkInToday(client)).id;

const upload = (client: TestClient, checkinId: string, body: Buffer | ReadableStream, index = 0) =>
  client.request(`/api/checkins/${checkinId}/media?index=${index}`, {
    method: 'POST',
    body: body instanceof Buffer ? new Uint8Array(body) : body,
    headers: { 'content-type': 'image/png' },
    ...(body instanceof Buffer ? {} : { duplex: 'half' }),
  } as RequestInit);

async function mediaRows(t: TestApp, userId: string) {
  return queryRows<{ storage_path: string }>(
    t.deps.db,
    sql`select m.storage_path from post_media m join posts p on p.id = m.post_id where p.user_id = ${userId}`,
  );
}

describe(`object storage goes away during an upload, then comes back (${databaseLabel})`, () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env({ FFMPEG_PATH: 'off' }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('tells the member to try again, keeps nothing half-stored, and takes the retry', async () => {
    const member = await t.member();
    const checkinId = await checkIn(member.client);
    const photo = await png('orange');

    // The store stops while the photo is still arriving: half is sent, then the store goes away.
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => (sendRest = resolve));
    const half = Math.floor(photo.length / 2);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(photo.subarray(0, half)));
        await rest;
        controller.enqueue(new Uint8Array(photo.subarray(half)));
        controller.close();
      },
    });
    const answer = upload(member.client, checkinId, body);
    await s3.stop();
    sendRest();
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    expect((await refused.json()).message).toBe(msg.storageUnavailable);

    // The check-in shows no file that is not there, and reads go on while the store is away.
    const today = await (await member.client.request('/api/checkins/today')).json();
    expect(today.checkin.media ?? []).toEqual([]);
    expect((await member.client.request('/api/feed')).status).toBe(200);
    expect(await mediaRows(t, member.userId)).toEqual([]);

    await s3.start();
    const retried = await upload(member.client, checkinId, photo);
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { media } = (await retried.json()) as AddMediaResponse;
    expect((await member.client.request(media.url)).status).toBe(200);

    // Every object has its row and every row its object: the photo and its thumbnail, nothing else.
    const rows = (await mediaRows(t, member.userId)).map((r) => r.storage_path);
    const objects = (await s3.keys()).filter((k) => k.includes(member.userId));
    expect(rows).toHaveLength(1);
    expect(objects.sort()).toEqual([rows[0]!, rows[0]!.replace(/\.webp$/, '.thumb.webp')].sort());
  });
});

/** A 3 MB file system mounted on a fresh directory, or null where mounting is not allowed. */
function smallDisk(): { dir: string; unmount(): void } | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'stackdays-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m,mode=0700', 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = smallDisk();

// Mounting needs root (CI and these machines run as root); elsewhere this one is skipped.
describe.skipIf(!disk)(`a full disk under DATA_DIR (${databaseLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: disk!.dir });
  });
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  it('refuses the upload with a clear message, keeps what was stored, and goes on serving reads', async () => {
    const member = await t.member();
    const checkinId = await checkIn(member.client);
    const first = await upload(member.client, checkinId, await png('teal'));
    expect(first.status, await first.clone().text()).toBe(201);
    const stored = ((await first.json()) as AddMediaResponse).media;
    const before = Buffer.from(await (await member.client.request(stored.url)).arrayBuffer());

    // Fill the disk to its last few kilobytes.
    writeFileSync(path.join(disk!.dir, 'filler'), Buffer.alloc(0));
    const free = Number(
      execFileSync('df', ['--output=avail', '-B1', disk!.dir]).toString().split('\n')[1],
    );
    writeFileSync(path.join(disk!.dir, 'filler'), Buffer.alloc(Math.max(0, free - 16 * 1024)));

    const refused = await upload(member.client, checkinId, await bigPhoto(), 1);
    expect(refused.status).toBe(507);
    expect((await refused.json()).message).toBe(msg.storageFull);
    expect(await mediaRows(t, member.userId)).toHaveLength(1);

    const again = await member.client.request(stored.url);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(before)).toBe(true);
    expect((await member.client.request('/api/feed')).status).toBe(200);
    expect((await member.client.request('/api/cycle')).status).toBe(200);
  });
});
