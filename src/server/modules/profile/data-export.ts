/**
 * 'Download my data': one ZIP with a JSON file of everything the member owns, a CSV with one row per
 * check-in day, and their stored photos, videos and avatar. Decision 0053.
 *
 * Two calls. POST /api/account/export counts the member's export limits and answers with a link signed
 * for that member that works for a few minutes; the browser downloads it as an ordinary file, so a
 * large export goes to disk, never into the page's memory. GET on that link, by the same member,
 * streams the ZIP: the rows are read first (they are small), then each media file is read from storage
 * only when the ZIP reaches it, one at a time, with backpressure from the member's connection. The
 * server holds one chunk of one file at a time, whatever the number of photos.
 *
 * The ZIP's parts sit in data-export/: one reader per section of data.json (collect.ts gathers them),
 * checkins.csv (csv.ts), and the README and the media added one at a time (zip.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  DATA_EXPORT_DOWNLOADS_PER_LINK,
  DATA_EXPORT_LINK_SECONDS,
  DATA_EXPORTS_PER_DAY,
  DATA_EXPORTS_PER_HOUR,
} from '@shared/constants';
import type { ExportLinkResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { requireMember, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { sameSignature, sign } from '../../lib/tokens';
import { enforce, hit } from '../../lib/rate-limit';
import { collect } from './data-export/collect';
import { toCsv } from './data-export/csv';
import { README, addMediaOneAtATime, pullStream } from './data-export/zip';

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
// The ZIP stream (its sections are read by data-export/collect.ts, one reader per section)
// ---------------------------------------------------------------------------

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
