import { eq } from 'drizzle-orm';
import { AVATAR_UPLOADS_PER_DAY, AVATAR_UPLOADS_PER_HOUR } from '@shared/constants';
import type { ProfileView } from '@shared/api-types';
import { msg } from '@shared/messages';
import { profiles } from '../../db/schema';
import { requireMember, withTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { enforce } from '../../lib/rate-limit';
import { assertValidKey, ingestUpload, InvalidKeyError } from '../../lib/storage';
import { queueStorageDeletions } from '../../lib/storage/deletions';
import { forgetSessionsAfterCommit } from '../../lib/session-cache';
import { invalidateFeedAfterCommit } from '../../lib/feed-cache';
import { invalidateCommunityBoardAfterCommit } from '../../lib/board-cache';
import { avatarFolder, avatarKeyFromUrl, avatarUrlFor } from '../../queries/media-urls';
import { ensureProfile, profileView } from './profile-row';

// The member's avatar: uploading and removing it, and who may load it (where it is stored and
// served from: queries/media-urls.ts).

const avatarLimits = (userId: string) => [
  { key: `avatar:hour:${userId}`, max: AVATAR_UPLOADS_PER_HOUR, windowSeconds: 3600 },
  { key: `avatar:day:${userId}`, max: AVATAR_UPLOADS_PER_DAY, windowSeconds: 86_400 },
];

/** An upload arriving as the request body: streamed to storage, never read whole. */
export interface AvatarUpload {
  body: ReadableStream<Uint8Array> | null;
  declaredType?: string;
}

/**
 * A new avatar: images only, 5 MB at most (ingest's `avatar` kind: the type is read from the bytes,
 * the image is re-encoded to WebP at 512 px with no metadata). The profile points at it once it is
 * stored; the previous file is removed after that commits. Feed cards and the session (avatar menu)
 * read the profile, so they show it on their next read.
 */
export async function uploadAvatar(ctx: ServiceContext, file: AvatarUpload): Promise<ProfileView> {
  const member = requireMember(ctx);
  await enforce(ctx.db, avatarLimits(member.userId), {
    now: ctx.now(),
    message: msg.avatarRateLimited,
  });
  const stored = await ingestUpload({
    storage: ctx.storage,
    source: file.body,
    declaredType: file.declaredType,
    keyPrefix: avatarFolder(member.userId),
    kind: 'avatar',
  });
  try {
    return await setAvatar(ctx, member.userId, avatarUrlFor(stored.key));
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

export async function removeAvatar(ctx: ServiceContext): Promise<ProfileView> {
  const member = requireMember(ctx);
  return setAvatar(ctx, member.userId, null);
}

async function setAvatar(
  ctx: ServiceContext,
  userId: string,
  avatarUrl: string | null,
): Promise<ProfileView> {
  return withTransaction(ctx, async (ctx) => {
    await ensureProfile(ctx.db, userId);
    const [previous] = await ctx.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await ctx.db
      .update(profiles)
      .set({ avatarUrl, updatedAt: ctx.now() })
      .where(eq(profiles.id, userId));
    const oldKey = avatarKeyFromUrl(previous?.avatarUrl ?? null);
    if (oldKey && previous?.avatarUrl !== avatarUrl) {
      await queueStorageDeletions(ctx, [{ key: oldKey, reason: 'avatar' }]);
    }
    invalidateFeedAfterCommit(ctx);
    invalidateCommunityBoardAfterCommit(ctx);
    forgetSessionsAfterCommit(ctx);
    return profileView(await ensureProfile(ctx.db, userId));
  });
}

/**
 * May the caller load this avatar? Any signed-in member may see the current avatar of any member (it
 * shows on the feed and leaderboards). A key that is not someone's current avatar (a replaced one, a
 * guessed path, another member's proof media) is a 404.
 */
export async function avatarAccess(
  ctx: ServiceContext,
  input: { userId: string; file: string },
): Promise<string> {
  requireMember(ctx);
  const key = `${avatarFolder(input.userId)}/${input.file}`;
  try {
    assertValidKey(key);
    const url = avatarUrlFor(key);
    const [row] = await ctx.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, input.userId))
      .limit(1);
    if (row?.avatarUrl === url) return key;
  } catch (error) {
    if (!(error instanceof InvalidKeyError)) throw error;
  }
  throw new AppError('not_found', msg.notFound);
}
