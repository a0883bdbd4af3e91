/**
 * Badge images (decision 0021): an admin uploads one (re-encoded by lib/storage ingest like every
 * image), stored as badges/badge-{id}.webp; members load it from /api/badges/badge-{id}.webp. The URL
 * carries the upload time (?v=…), so a replaced image is never served from a stale cache.
 */
import { eq } from 'drizzle-orm';
import { msg } from '@shared/messages';
import type { AdminBadgeView } from '@shared/api-types';
import { badges } from '../../db/schema';
import { audit } from '../../lib/audit';
import {
  requireAdmin,
  requireMember,
  withTransaction,
  type ServiceContext,
} from '../../lib/context';
import { AppError } from '../../lib/errors';
import { ingestUpload } from '../../lib/storage';
import { badgeView } from './badges';

const BADGE_FOLDER = 'badges';
const badgeKey = (id: number) => `${BADGE_FOLDER}/badge-${id}.webp`;
const FILE_PATTERN = /^badge-(\d{1,9})\.webp$/;

export async function uploadBadgeImage(
  ctx: ServiceContext,
  input: { badgeId: number; body: ReadableStream<Uint8Array> | null; declaredType?: string },
): Promise<AdminBadgeView> {
  requireAdmin(ctx);
  const [existing] = await ctx.db.select().from(badges).where(eq(badges.id, input.badgeId));
  if (!existing) throw new AppError('not_found', msg.notFound);
  // Anything that is not an image is refused here, before a byte reaches badges/.
  const stored = await ingestUpload({
    storage: ctx.storage,
    source: input.body,
    declaredType: input.declaredType,
    keyPrefix: `${BADGE_FOLDER}/incoming`,
    kind: 'badge',
  });
  try {
    if (stored.mediaType !== 'image')
      throw new AppError('unsupported_media_type', msg.uploadImageFailed);
    const object = await ctx.storage.get(stored.key);
    if (!object) throw new AppError('internal', msg.uploadImageFailed);
    await ctx.storage.put(badgeKey(input.badgeId), object.stream, {
      contentType: stored.mimeType,
      contentLength: object.size,
    });
  } finally {
    await ctx.storage.delete(stored.key).catch(() => undefined);
  }
  const imageUrl = `/api/badges/badge-${input.badgeId}.webp?v=${ctx.now().getTime()}`;
  return withTransaction(ctx, async (ctx) => {
    const [row] = await ctx.db
      .update(badges)
      .set({ imageUrl })
      .where(eq(badges.id, input.badgeId))
      .returning();
    if (!row) throw new AppError('not_found', msg.notFound);
    await audit(ctx, {
      action: 'badge.image',
      target: { type: 'badge', id: String(input.badgeId) },
      before: { imageUrl: existing.imageUrl },
      after: { imageUrl },
    });
    return badgeView(row);
  });
}

/** The storage key of a badge image any signed-in member may load: only a badge's current image. */
export async function badgeImageKey(ctx: ServiceContext, input: { file: string }): Promise<string> {
  requireMember(ctx);
  const match = FILE_PATTERN.exec(input.file);
  if (!match) throw new AppError('not_found', msg.notFound);
  const id = Number(match[1]);
  const [row] = await ctx.db
    .select({ imageUrl: badges.imageUrl })
    .from(badges)
    .where(eq(badges.id, id));
  if (!row?.imageUrl?.startsWith(`/api/badges/badge-${id}.webp`)) {
    throw new AppError('not_found', msg.notFound);
  }
  return badgeKey(id);
}
