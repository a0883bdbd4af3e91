import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkins } from './cycles';
import { crews } from './crews';
import { createdAt, id, ts } from './columns';

export const posts = pgTable(
  'posts',
  {
    id: id(),
    checkinId: uuid('checkin_id').references(() => checkins.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    caption: text('caption'),
    /** Legacy single media link; treated as a video when it contains .mp4 or .mov. */
    mediaUrl: text('media_url'),
    /**
     * Who sees the post (decision 0046): 'public' (the community), 'crew' (the members of crew_id)
     * or 'private' (the author alone).
     */
    visibility: text('visibility').notNull().default('public'),
    crewId: uuid('crew_id').references(() => crews.id),
    /**
     * An only-me post that was a crew's until its author left it, was removed or it closed: that crew,
     * so the author sees where it came from (decision 0093). Cleared by any audience the author picks.
     */
    leftCrewId: uuid('left_crew_id').references(() => crews.id),
    isHidden: boolean('is_hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('posts_checkin_unique').on(t.checkinId),
    // The community feed: public, visible posts, newest first (a backward scan), paged by (created_at, id).
    index('posts_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.visibility} = 'public' and not ${t.isHidden}`),
    index('posts_user_created_idx').on(t.userId, t.createdAt),
    // The admin list (every post, newest first) and its search by words (decisions 0039, 0086).
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_caption_search_idx').using(
      'gin',
      sql`to_tsvector('simple', coalesce(${t.caption}, ''))`,
    ),
    // A crew's feed reads its crew posts by crew, newest first.
    index('posts_crew_created_idx')
      .on(t.crewId, t.createdAt)
      .where(sql`${t.crewId} is not null`),
    check('posts_visibility_check', sql`${t.visibility} in ('public', 'private', 'crew')`),
    check('posts_crew_audience_check', sql`(${t.visibility} = 'crew') = (${t.crewId} is not null)`),
    check('posts_left_crew_check', sql`${t.leftCrewId} is null or ${t.visibility} = 'private'`),
  ],
);

export const postMedia = pgTable(
  'post_media',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    storagePath: text('storage_path').notNull(),
    mediaType: text('media_type').notNull(),
    mimeType: text('mime_type').notNull(),
    sortIndex: integer('sort_index').notNull(),
    /** Stored bytes (file and preview), for the per-member storage quota. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /**
     * A progress photo's pose (front, side, back; issue 46, decision 0109): served to its owner alone,
     * whatever the post's audience. Null: an ordinary proof file.
     */
    progressPose: text('progress_pose'),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_media_storage_path_idx').on(t.storagePath),
    uniqueIndex('post_media_order_unique').on(t.postId, t.sortIndex),
    check('post_media_type_check', sql`${t.mediaType} in ('image', 'video')`),
    check(
      'post_media_progress_pose_check',
      sql`${t.progressPose} is null or (${t.progressPose} in ('front', 'side', 'back') and ${t.mediaType} = 'image')`,
    ),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt),
    index('comments_user_idx').on(t.userId),
    check('comments_body_length_check', sql`char_length(${t.body}) between 1 and 1000`),
  ],
);

export const postReactions = pgTable(
  'post_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_reactions_user_idx').on(t.userId),
    check(
      'post_reactions_reaction_check',
      sql`${t.reaction} in ('like', 'strong', 'celebrate', 'fireworks')`,
    ),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    // One open report per member and post.
    uniqueIndex('reports_one_open_per_reporter')
      .on(t.postId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('reports_created_idx').on(t.createdAt),
    // The admin search (decision 0086): by reporter, by the post's author or caption, by reason.
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_post_created_idx').on(t.postId, t.createdAt),
    index('reports_reason_search_idx').using(
      'gin',
      sql`to_tsvector('simple', coalesce(${t.reason}, ''))`,
    ),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
    check('reports_reason_length_check', sql`char_length(${t.reason}) <= 500`),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: id(),
    /** SHA-256 of the unguessable token in the invite link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    inviterUserId: text('inviter_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    acceptedUserId: text('accepted_user_id').references(() => user.id, { onDelete: 'set null' }),
    acceptedAt: ts('accepted_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invites_token_hash_unique').on(t.tokenHash),
    index('invites_inviter_created_idx').on(t.inviterUserId, t.createdAt),
    index('invites_accepted_user_idx').on(t.acceptedUserId),
  ],
);
