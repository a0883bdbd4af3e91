/**
 * 'Download my data': one ZIP with a JSON file of everything the member owns, a CSV with one row per
 * check-in day, and their stored photos, videos and avatar. Decision 0016.
 *
 * Two calls. POST /api/account/export counts the member's export limits and answers with a link signed
 * for that member that works for a few minutes; the browser downloads it as an ordinary file, so a
 * large export goes to disk, never into the page's memory. GET on that link, by the same member,
 * streams the ZIP: the rows are read first (they are small), then each media file is read from storage
 * only when the ZIP reaches it, one at a time, with backpressure from the member's connection. The
 * server holds one chunk of one file at a time, whatever the number of photos.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  DATA_EXPORT_DOWNLOADS_PER_LINK,
  DATA_EXPORT_LINK_SECONDS,
  DATA_EXPORTS_PER_DAY,
  DATA_EXPORTS_PER_HOUR,
  PRODUCT_NAME,
} from '@shared/constants';
import type { ExportLinkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../../db/client';
import { user } from '../../db/schema';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { sameSignature, sign } from '../../lib/tokens';
import { enforce, hit } from '../../lib/rate-limit';
import { toNodeReadable } from '../../lib/storage/file-stream';
import {
  readAccessSections,
  readAccountSections,
  readCheckinSections,
  readSocialSections,
  readWorkoutSections,
  type ExportFile,
} from './data-export-sections';

// ---------------------------------------------------------------------------
// The signed link
// ---------------------------------------------------------------------------

const exportLimits = (userId: string) => [
  { key: `export:hour:${userId}`, max: DATA_EXPORTS_PER_HOUR, windowSeconds: 3600 },
  { key: `export:day:${userId}`, max: DATA_EXPORTS_PER_DAY, windowSeconds: 86_400 },
];

async function signature(
  ctx: ServiceContext,
  userId: string,
  expires: number,
  nonce: string,
): Promise<string> {
  const { secret } = ctx;
  return sign(secret, `data-export:${userId}:${expires}:${nonce}`);
}

/** Counts an export against the member's limits and answers with a link only they can use, briefly. */
export async function requestExport(ctx: ServiceContext): Promise<ExportLinkResponse> {
  const member = requireMember(ctx);
  const now = ctx.now();
  await enforce(ctx.db, exportLimits(member.userId), { now, message: msg.exportRateLimited });
  const expires = Math.floor(now.getTime() / 1000) + DATA_EXPORT_LINK_SECONDS;
  // The nonce makes each link its own, with its own downloads, even two asked for in one second.
  const nonce = randomBytes(9).toString('base64url');
  const token = `${expires}.${nonce}.${await signature(ctx, member.userId, expires, nonce)}`;
  return {
    url: `/api/account/export/${token}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * The link must be signed for the signed-in member, not expired, and not used up: each download
 * claims one of DATA_EXPORT_DOWNLOADS_PER_LINK in the database (atomically, so parallel requests on
 * any process cannot all stream the whole export); anything else is the same 404.
 */
async function assertExportToken(ctx: ServiceContext, userId: string, token: string) {
  const [expiresText, nonce = '', given = ''] = token.split('.');
  const expires = Number(expiresText);
  const expected = Number.isSafeInteger(expires)
    ? await signature(ctx, userId, expires, nonce)
    : '';
  const now = ctx.now();
  const valid =
    expected.length > 0 && sameSignature(given, expected) && expires * 1000 > now.getTime();
  if (!valid) throw new AppError('not_found', msg.exportLinkExpired);
  const claim = {
    key: `export:download:${userId}:${nonce}`,
    max: DATA_EXPORT_DOWNLOADS_PER_LINK,
    windowSeconds: DATA_EXPORT_LINK_SECONDS,
  };
  if (!(await hit(ctx.db, claim, now)).allowed) {
    throw new AppError('not_found', msg.exportLinkExpired);
  }
}

// ---------------------------------------------------------------------------
// What the member owns
// ---------------------------------------------------------------------------

/** Every row the member owns, read before the first byte is sent: one reader per section. */
async function collect(db: DbOrTx, userId: string, now: Date) {
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new AppError('not_found', msg.notFound);
  const owned = await readAccountSections(db, userId, now);
  const activity = await readCheckinSections(db, userId);
  const { profile, settings, consents, healthProfile, ...connections } = owned.sections;
  const data = {
    format: 'stackdays-export',
    version: 1,
    product: PRODUCT_NAME,
    exportedAt: now.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      createdAt: account.createdAt.toISOString(),
    },
    profile,
    settings,
    consents,
    healthProfile,
    ...connections,
    ...activity.sections,
    ...(await readSocialSections(db, userId)),
    ...(await readWorkoutSections(db, userId)),
    ...(await readAccessSections(db, userId, account.email)),
  };
  return { data, csvRows: activity.csvRows, files: [...activity.files, ...owned.files] };
}

// ---------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------

const CSV_HEADER = [
  'date',
  'cycle_start',
  'day',
  'move_minutes',
  'steps',
  'protein_target_hit',
  'hydration_goal_hit',
  'journal',
  'photos_and_videos',
  'updates',
  'checked_in_at',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet
 * would run as a formula (starting =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function toCsv(rows: (string | number | boolean)[][]): string {
  // A byte-order mark so spreadsheet programs read the journal's UTF-8 (emoji) correctly.
  return `\uFEFF${[CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------
// The ZIP stream
// ---------------------------------------------------------------------------

const README = (exportedAt: string) => `${PRODUCT_NAME} data export, ${exportedAt}

data.json      everything your account holds: profile, settings, consents, health profile,
               weight history, connections (names and scopes, never tokens) and the numbers
               they sent, cycles, check-ins and updates, posts, your comments, likes and reactions,
               badges, invites you sent, subscription, sessions and e-mails sent to you.
checkins.csv   one row per check-in day.
media/         your photos and videos as stored (re-encoded on upload, without location data),
               and your avatar.
`;

export interface DataExport {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}

/** Streams the ZIP for the member the signed link was made for. */
export async function streamExport(
  ctx: ServiceContext,
  input: { token: string },
): Promise<DataExport> {
  const member = requireMember(ctx);
  await assertExportToken(ctx, member.userId, input.token);
  const now = ctx.now();
  const { data, csvRows, files } = await collect(ctx.db, member.userId, now);

  const zip = new ZipFile();
  const folder = `stackdays-export-${now.toISOString().slice(0, 10)}`;
  zip.addBuffer(Buffer.from(README(now.toISOString())), `${folder}/README.txt`, { mtime: now });
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), `${folder}/data.json`, { mtime: now });
  zip.addBuffer(Buffer.from(toCsv(csvRows)), `${folder}/checkins.csv`, { mtime: now });

  const output = zip.outputStream as Readable;
  const media = addMediaOneAtATime(ctx, zip, files, folder);
  zip.on('error', (error: unknown) => {
    ctx.logger.error({ err: error, userId: member.userId }, 'data export failed');
    media.stop();
    output.destroy(error as Error);
  });
  return {
    filename: `${folder}.zip`,
    stream: pullStream(output, () => media.stop()),
  };
}

/**
 * Adds the media files to the ZIP one at a time: the next file is fetched from storage only when the
 * previous one has been read to its end, so one storage stream is open at a time. Files are stored
 * without compression (photos and videos are compressed already). A file missing from storage is left
 * out and listed in missing-media.txt.
 */
function addMediaOneAtATime(
  ctx: ServiceContext,
  zip: ZipFile,
  files: ExportFile[],
  folder: string,
) {
  let index = 0;
  let stopped = false;
  let current: Readable | null = null;
  const missing: string[] = [];
  const next = async (): Promise<void> => {
    while (!stopped && index < files.length) {
      const file = files[index++];
      const object = await ctx.storage.get(file.key).catch((error: unknown) => {
        ctx.logger.warn({ err: error, key: file.key }, 'export: could not read a media file');
        return null;
      });
      if (stopped) {
        await object?.stream.cancel().catch(() => undefined);
        return;
      }
      if (!object) {
        missing.push(file.name.slice('media/'.length));
        continue;
      }
      const stream = toNodeReadable(object.stream);
      current = stream;
      stream.once('end', () => {
        current = null;
        void next();
      });
      stream.once('error', (error) => zip.emit('error', error));
      zip.addReadStream(stream, `${folder}/${file.name}`, {
        compress: false,
        mtime: file.mtime,
        size: object.size,
      });
      return;
    }
    if (stopped) return;
    if (missing.length) {
      zip.addBuffer(
        Buffer.from(`These files were no longer in storage:\n${missing.join('\n')}\n`),
        `${folder}/media/missing-media.txt`,
      );
    }
    zip.end();
  };
  void next();
  return {
    stop() {
      stopped = true;
      current?.destroy();
    },
  };
}

/**
 * A web stream that reads the ZIP only when the response asks for more, so a slow download holds one
 * chunk, not the archive (Readable.toWeb can read far ahead on Node 20; see lib/storage/file-stream).
 */
function pullStream(source: Readable, onCancel: () => void): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        return new Promise<void>((resolve) => {
          const finish = () => {
            source.off('readable', read);
            source.off('end', end);
            source.off('error', fail);
            resolve();
          };
          const read = () => {
            const chunk = source.read() as Buffer | null;
            if (chunk === null) return;
            finish();
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          };
          const end = () => {
            finish();
            controller.close();
          };
          const fail = (error: unknown) => {
            finish();
            controller.error(error);
          };
          source.on('readable', read);
          source.on('end', end);
          source.on('error', fail);
          if (source.readableEnded) end();
          else if (source.destroyed) fail(new Error('export stream closed'));
          else read();
        });
      },
      cancel() {
        onCancel();
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
