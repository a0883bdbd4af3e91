/**
 * The server's memory while a member with 90 check-ins and 900 photos downloads their data export
 * (issue 33 target: the server's RSS grows by less than 50 MB while it downloads). Starts the real
 * server (compiled: dist/server/index.mjs) on PostgreSQL with local file storage, writes the member's
 * rows in SQL and their photos as files (EXPORT_BENCH_PHOTO_KB each, random bytes: the export copies
 * stored files as they are), asks for the export link and downloads the ZIP as a browser would,
 * reading as fast as it arrives. Samples /proc/<pid>/status every 50 ms.
 *
 * `npm run bench` calls measureExportMemory(); alone: `npx tsx bench/export-memory.ts`.
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stackdays_bench; the
 * member it adds is removed again), EXPORT_BENCH_PORT (3262), EXPORT_BENCH_PHOTOS (900),
 * EXPORT_BENCH_PHOTO_KB (200).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  BENCH_DATABASE_URL,
  ensureDatabase,
  readStatus,
  sessionsFor,
  waitForHealth,
  SERVER_NODE_FLAGS,
} from './support';

export const EXPORT_MEMORY_TARGET_MB = 50;
const CHECKINS = 90;
const MB = 1024 * 1024;

export interface ExportMemoryResult {
  photos: number;
  photoKb: number;
  /** Bytes of the ZIP received, and the seconds the download took. */
  zipBytes: number;
  seconds: number;
  status: number;
  /** The server's RSS just before the download, and the highest sampled during it, in MB. */
  idleRssMb: number;
  peakRssMb: number;
}

export async function measureExportMemory(
  options: { databaseUrl?: string; port?: number; photos?: number; photoKb?: number } = {},
): Promise<ExportMemoryResult> {
  const databaseUrl = options.databaseUrl ?? BENCH_DATABASE_URL;
  const port = options.port ?? Number(process.env.EXPORT_BENCH_PORT ?? 3262);
  const photos = options.photos ?? Number(process.env.EXPORT_BENCH_PHOTOS ?? 900);
  const photoKb = options.photoKb ?? Number(process.env.EXPORT_BENCH_PHOTO_KB ?? 200);
  await ensureDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-export-bench-'));
  const secret = randomBytes(32).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/index.mjs'], {
    env: {
      ...process.env,
      STORAGE_DRIVER: 'local',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: secret,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  const userId = `export_bench_${randomUUID()}`;
  try {
    await waitForHealth(base, server);
    await client.connect();
    await addMember(client, userId, dataDir, photos, photoKb);
    const [cookie] = await sessionsFor(client, secret, [userId]);
    const headers = { cookie, origin: base };

    const link = await fetch(`${base}/api/account/export`, { method: 'POST', headers });
    if (link.status !== 200) throw new Error(`export link: ${link.status} ${await link.text()}`);
    const { url } = (await link.json()) as { url: string };

    const idleRssMb = readStatus(server.pid!).rss;
    let peakRssMb = idleRssMb;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, readStatus(server.pid!).rss);
    }, 50);
    const started = performance.now();
    const download = await fetch(`${base}${url}`, { headers });
    let zipBytes = 0;
    const reader = download.body!.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      zipBytes += part.value.byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRssMb = Math.max(peakRssMb, readStatus(server.pid!).rss);
    return { photos, photoKb, zipBytes, seconds, status: download.status, idleRssMb, peakRssMb };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    // Cycles, check-ins, posts, media rows and sessions go with the user (on delete cascade).
    await client.query('delete from "user" where id = $1', [userId]).catch(() => {});
    await client.end().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A member 90 days into a cycle, checked in every day, `photos` photos spread over the posts. */
async function addMember(
  client: pg.Client,
  userId: string,
  dataDir: string,
  photos: number,
  photoKb: number,
) {
  await client.query(
    `insert into "user" (id, name, email, email_verified) values ($1, 'Export Bench', $2, true)`,
    [userId, `${userId}@bench.invalid`],
  );
  const { rows } = await client.query<{ post_id: string }>(
    `with cycle as (
       insert into cycles (user_id, start_date) values ($1, current_date - ${CHECKINS - 1}) returning id
     ), days as (
       insert into checkins (cycle_id, user_id, day_number, local_date, moved_minutes, steps, journal_md)
       select cycle.id, $1, d, current_date - ${CHECKINS} + d, 30, 8000, 'Day ' || d || ': showed up.'
         from cycle, generate_series(1, ${CHECKINS}) d
       returning id
     )
     insert into posts (user_id, checkin_id) select $1, id from days returning id as post_id`,
    [userId],
  );
  const perPost = Math.ceil(photos / rows.length);
  const media: { postId: string; key: string; sortIndex: number }[] = [];
  for (const [i, post] of rows.entries()) {
    for (let j = 0; j < perPost && media.length < photos; j++) {
      media.push({
        postId: post.post_id,
        key: `u/${userId}/${post.post_id}/${i}-${j}.webp`,
        sortIndex: j,
      });
    }
  }
  // Random bytes of one photo's size, written under each key: what the export reads is the file.
  const bytes = randomBytes(photoKb * 1024);
  for (const m of media) {
    const file = path.join(dataDir, 'media', ...m.key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  await client.query(
    `insert into post_media (post_id, storage_path, media_type, mime_type, sort_index, size_bytes)
     select p, k, 'image', 'image/webp', s, $4 from unnest($1::uuid[], $2::text[], $3::int[]) as x(p, k, s)`,
    [
      media.map((m) => m.postId),
      media.map((m) => m.key),
      media.map((m) => m.sortIndex),
      bytes.length,
    ],
  );
}

export function formatExportMemory(r: ExportMemoryResult): string {
  const growth = r.peakRssMb - r.idleRssMb;
  const ok = r.status === 200 && growth < EXPORT_MEMORY_TARGET_MB;
  return [
    '',
    'export memory                         status   ZIP MB   seconds   idle MB   peak RSS MB   growth MB',
    `${`${CHECKINS} check-ins, ${r.photos} photos of ${r.photoKb} KB`.padEnd(37)} ${String(r.status).padStart(6)} ${(r.zipBytes / MB).toFixed(0).padStart(8)} ${r.seconds.toFixed(1).padStart(9)} ${r.idleRssMb.toFixed(0).padStart(9)} ${r.peakRssMb.toFixed(0).padStart(13)} ${growth.toFixed(0).padStart(11)}`,
    `  ${ok ? 'PASS' : 'FAIL'}  export download: server RSS grows < ${EXPORT_MEMORY_TARGET_MB} MB`,
  ].join('\n');
}

export function exportMemoryPassed(r: ExportMemoryResult): boolean {
  return r.status === 200 && r.peakRssMb - r.idleRssMb < EXPORT_MEMORY_TARGET_MB;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Alone, compile the server first, as `npm run bench` does (decision 0028).
  const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(1);
  measureExportMemory()
    .then((result) => {
      console.log(formatExportMemory(result));
      process.exit(exportMemoryPassed(result) ? 0 : 1);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
