/**
 * The server's peak memory while 20 members each upload a 200 MB video at once (issue 16 target:
 * under 300 MB RSS). Starts the real server (compiled: dist/server/index.mjs) on PostgreSQL, once per storage
 * setup: local files with ffmpeg (each video is spooled, checked, blanked, remuxed without metadata,
 * stored), and S3 on a local s3rver without ffmpeg (so all 200 MB of each upload go on to the
 * bucket in a streamed PUT). Samples /proc/<pid>/status every 50 ms and reports the peak RSS
 * (and the kernel's own high-water mark, VmHWM) of the server, and separately of its ffmpeg children.
 *
 * Each upload is a real MP4 (a one-second clip made with ffmpeg, or a byte-built one without it)
 * followed by a `free` box of zeros up to 200 MB, generated on the fly: the client holds 1 MB of it.
 *
 * `npm run bench` calls measureUploadMemory(); alone: `npx tsx bench/upload-memory.ts`.
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/stackdays_bench; the
 * members it adds are removed again), UPLOAD_BENCH_PORT (3260), UPLOAD_BENCH_MEMBERS (20),
 * UPLOAD_BENCH_MB (200), UPLOAD_BENCH_SETUPS (local,s3).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
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
import { mp4Video, recordedVideo } from '../src/server/testing/storage/video-files';
import { startTestS3, type TestS3 } from '../src/server/testing/storage/s3-server';

export type UploadSetup = 'local' | 's3';

export interface UploadMemoryOptions {
  databaseUrl?: string;
  port?: number;
  members?: number;
  megabytes?: number;
  setups?: UploadSetup[];
  /** Where progress lines go; default console.log. */
  log?: (line: string) => void;
}

export interface UploadMemoryResult {
  setup: string;
  members: number;
  megabytes: number;
  /** Uploads answered 201. */
  stored: number;
  failures: string[];
  seconds: number;
  /** The server process alone, in MB: highest VmRSS sampled, and the kernel's VmHWM. */
  peakRssMb: number;
  hwmMb: number;
  /** Before the uploads started. */
  idleRssMb: number;
  /** Highest sum of the RSS of the server's ffmpeg children at one sample. */
  peakFfmpegRssMb: number;
}

const MB = 1024 * 1024;
export const UPLOAD_MEMORY_TARGET_MB = 300;

export async function measureUploadMemory(
  options: UploadMemoryOptions = {},
): Promise<UploadMemoryResult[]> {
  const databaseUrl = options.databaseUrl ?? BENCH_DATABASE_URL;
  const port = options.port ?? Number(process.env.UPLOAD_BENCH_PORT ?? 3260);
  const members = options.members ?? Number(process.env.UPLOAD_BENCH_MEMBERS ?? 20);
  const megabytes = options.megabytes ?? Number(process.env.UPLOAD_BENCH_MB ?? 200);
  const setups = options.setups ??
    (process.env.UPLOAD_BENCH_SETUPS?.split(',') as UploadSetup[] | undefined) ?? ['local', 's3'];
  const log = options.log ?? ((line: string) => console.log(line));
  const ffmpeg = existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : null;

  await ensureDatabase(databaseUrl);
  const work = await mkdtemp(path.join(os.tmpdir(), 'stackdays-upload-bench-'));
  const results: UploadMemoryResult[] = [];
  try {
    const clip = await videoHead(ffmpeg, work);
    for (const setup of setups) {
      const useFfmpeg = setup === 'local' && ffmpeg !== null;
      const label = `${setup === 'local' ? 'local files' : 'S3 (s3rver)'}, ${useFfmpeg ? 'ffmpeg' : 'no ffmpeg'}`;
      log(`Upload memory: ${members} x ${megabytes} MB at once, ${label}...`);
      const s3 = setup === 's3' ? await startTestS3() : undefined;
      try {
        const result = await runOnce({
          databaseUrl,
          port,
          members,
          bytes: megabytes * MB,
          clip,
          dataDir: path.join(work, setup),
          s3,
          ffmpeg: useFfmpeg ? ffmpeg : null,
        });
        results.push({ ...result, setup: label, members, megabytes });
      } finally {
        await s3?.close();
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  log(formatUploadMemory(results));
  return results;
}

export function formatUploadMemory(results: UploadMemoryResult[]): string {
  const lines = [
    '',
    'upload memory                       uploads   seconds   idle MB   peak RSS MB   VmHWM MB   ffmpeg MB',
  ];
  for (const r of results) {
    lines.push(
      `${r.setup.padEnd(34)} ${`${r.stored}/${r.members}`.padStart(8)} ${r.seconds.toFixed(0).padStart(9)} ${r.idleRssMb.toFixed(0).padStart(9)} ${r.peakRssMb.toFixed(0).padStart(13)} ${r.hwmMb.toFixed(0).padStart(10)} ${r.peakFfmpegRssMb.toFixed(0).padStart(11)}`,
    );
    for (const failure of r.failures.slice(0, 3)) lines.push(`    failed: ${failure}`);
  }
  for (const r of results) {
    const ok = r.hwmMb < UPLOAD_MEMORY_TARGET_MB && r.stored === r.members;
    lines.push(
      `  ${ok ? 'PASS' : 'FAIL'}  ${r.setup}: all stored, server peak RSS < ${UPLOAD_MEMORY_TARGET_MB} MB`,
    );
  }
  return lines.join('\n');
}

async function runOnce(input: {
  databaseUrl: string;
  port: number;
  members: number;
  bytes: number;
  clip: Buffer;
  dataDir: string;
  s3?: TestS3;
  ffmpeg: string | null;
}): Promise<Omit<UploadMemoryResult, 'setup' | 'members' | 'megabytes'>> {
  // DATA_DIR is also the server's TMPDIR here (uploads spool there): it must exist, owner-only.
  await mkdir(input.dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  const base = `http://127.0.0.1:${input.port}`;
  const s3Env: Record<string, string> = input.s3
    ? {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: input.s3.endpoint,
        S3_BUCKET: input.s3.bucket,
        S3_REGION: input.s3.credentials.region,
        S3_ACCESS_KEY_ID: input.s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: input.s3.credentials.secretAccessKey,
      }
    : { STORAGE_DRIVER: 'local' };
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/index.mjs'], {
    env: {
      ...process.env,
      ...s3Env,
      DATABASE_URL: input.databaseUrl,
      DATA_DIR: input.dataDir,
      PORT: String(input.port),
      HOST: '127.0.0.1',
      AUTH_SECRET: secret,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: base,
      FFMPEG_PATH: input.ffmpeg ?? 'off',
      TMPDIR: input.dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = new pg.Client({ connectionString: input.databaseUrl });
  const userIds: string[] = [];
  try {
    await waitForHealth(base, server);
    await client.connect();
    const uploads: { checkinId: string; cookie: string }[] = [];
    for (let i = 0; i < input.members; i++) {
      const member = await addMember(client, secret);
      userIds.push(member.userId);
      uploads.push(member);
    }

    const idleRssMb = readStatus(server.pid!).rss;
    let peakRssMb = idleRssMb;
    let peakFfmpegRssMb = 0;
    const sampler = setInterval(() => {
      const status = readStatus(server.pid!);
      peakRssMb = Math.max(peakRssMb, status.rss);
      const children = childPids(server.pid!, 'ffmpeg').map((pid) => readStatus(pid).rss);
      peakFfmpegRssMb = Math.max(
        peakFfmpegRssMb,
        children.reduce((a, b) => a + b, 0),
      );
    }, 50);
    const started = performance.now();
    const answers = await Promise.all(
      uploads.map((u) => upload(base, u, input.clip, input.bytes).catch((e: Error) => e.message)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const hwmMb = readStatus(server.pid!).hwm;
    return {
      stored: answers.filter((a) => a === 201).length,
      failures: answers.filter((a) => a !== 201).map(String),
      seconds,
      peakRssMb: Math.max(peakRssMb, readStatus(server.pid!).rss),
      hwmMb,
      idleRssMb,
      peakFfmpegRssMb,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (userIds.length) {
      // Posts, check-ins, cycles, media rows and sessions go with the user (on delete cascade).
      await client
        .query('delete from "user" where id = any($1::text[])', [userIds])
        .catch(() => {});
    }
    await client.end().catch(() => {});
  }
}

/** A member with a session cookie and a fresh check-in (and its post) to attach a video to. */
async function addMember(client: pg.Client, secret: string) {
  const userId = `upload_bench_${randomUUID()}`;
  await client.query(
    `insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`,
    [userId, 'Upload Bench', `${userId}@bench.invalid`],
  );
  const cycle = await client.query(
    `insert into cycles (user_id, start_date) values ($1, current_date) returning id`,
    [userId],
  );
  const checkin = await client.query(
    `insert into checkins (cycle_id, user_id, day_number, local_date) values ($1, $2, 1, current_date) returning id`,
    [cycle.rows[0].id, userId],
  );
  await client.query(`insert into posts (user_id, checkin_id) values ($1, $2)`, [
    userId,
    checkin.rows[0].id,
  ]);
  const [cookie] = await sessionsFor(client, secret, [userId]);
  return { userId, checkinId: checkin.rows[0].id as string, cookie };
}

/** POSTs `head` then a `free` box of zeros, `total` bytes in all, 1 MB at a time. */
function upload(
  base: string,
  member: { checkinId: string; cookie: string },
  head: Buffer,
  total: number,
): Promise<number | string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}/api/checkins/${member.checkinId}/media?index=0`,
      {
        method: 'POST',
        headers: {
          cookie: member.cookie,
          'content-type': 'video/mp4',
          'content-length': String(total),
          origin: base,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve(
            response.statusCode === 201
              ? 201
              : `${response.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`,
          ),
        );
      },
    );
    request.on('error', reject);
    paddedVideo(head, total).pipe(request);
  });
}

function paddedVideo(head: Buffer, total: number): Readable {
  const padding = total - head.length;
  const zeros = Buffer.alloc(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        const header = Buffer.alloc(8);
        header.writeUInt32BE(padding);
        header.write('free', 4, 'latin1');
        sent = 8;
        this.push(Buffer.concat([head, header]));
        return;
      }
      if (sent >= padding) return void this.push(null);
      const n = Math.min(MB, padding - sent);
      sent += n;
      this.push(n === MB ? zeros : zeros.subarray(0, n));
    },
  });
}

/** A fast-start MP4 to put in front of the padding: real (ffmpeg) if it can, else byte-built. */
async function videoHead(ffmpeg: string | null, dir: string): Promise<Buffer> {
  if (!ffmpeg) return mp4Video({ mdatBytes: 10_000 });
  const file = path.join(dir, 'clip.mp4');
  recordedVideo(ffmpeg, 'mp4', file);
  return readFile(file);
}

/** Processes named `name` whose parent is `parent` (tsx's esbuild service is a child too). */
function childPids(parent: number, name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (ppid === parent && comm === name) pids.push(Number(entry));
    } catch {
      // gone already
    }
  }
  return pids;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Alone, compile the server first, as `npm run bench` does (decision 0028).
  const compiled = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(1);
  measureUploadMemory()
    .then((results) => {
      const ok = results.every((r) => r.hwmMb < UPLOAD_MEMORY_TARGET_MB && r.stored === r.members);
      process.exit(ok ? 0 : 1);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
