import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id, ts } from './columns';

/**
 * A crew (issue 30, decisions 0046-0047): a named circle of at most CREW_MAX_MEMBERS members who see
 * each other's days and the posts shared with the crew. Closed crews keep their row (an old invite
 * link then says the crew was closed) but no members.
 */
export const crews = pgTable(
  'crews',
  {
    id: id(),
    name: text('name').notNull(),
    /** The owner; passed on to the longest-standing member when the owner leaves or is deleted. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    /** SHA-256 of the live invite link's token (null: no live link). */
    inviteTokenHash: text('invite_token_hash'),
    /** The live link's token, sealed (AES-256-GCM under the auth secret), so the owner can copy it again. */
    inviteTokenSealed: text('invite_token_sealed'),
    inviteExpiresAt: ts('invite_expires_at'),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('crews_invite_token_hash_unique').on(t.inviteTokenHash),
    index('crews_created_idx').on(t.createdAt, t.id),
    check('crews_name_length_check', sql`char_length(${t.name}) between 1 and 40`),
  ],
);

export const crewMembers = pgTable(
  'crew_members',
  {
    crewId: uuid('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.crewId, t.userId] }),
    index('crew_members_user_idx').on(t.userId),
  ],
);

/** One nudge per nudger, nudged member and the nudged member's local day (the row is the claim). */
export const crewNudges = pgTable(
  'crew_nudges',
  {
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    crewId: uuid('crew_id').references(() => crews.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.fromUserId, t.toUserId, t.localDate] }),
    index('crew_nudges_to_idx').on(t.toUserId),
  ],
);

/**
 * A member the owner removed, kept out of the invite link that was live then (decision 0094): a join
 * through a link whose hash is here for them is refused; a new link (a new hash) lets them in again.
 */
export const crewRemovals = pgTable(
  'crew_removals',
  {
    crewId: uuid('crew_id')
      .notNull()
      .references(() => crews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link that was live when they were removed. */
    inviteTokenHash: text('invite_token_hash').notNull(),
    removedAt: ts('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.crewId, t.userId] })],
);
