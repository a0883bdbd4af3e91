import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  badges,
  comments,
  invites,
  likes,
  postReactions,
  reports,
  userBadges,
} from '../../../db/schema';
import { iso } from './export-values';

// The export's social sections, one reader each: what the member wrote, liked, reacted to and
// reported, the invites they sent and the badges they earned. Other members appear only as ids.

/** Comments, likes, reactions, reports, invites sent, badges. */
export async function readSocialSections(db: DbOrTx, userId: string) {
  return {
    comments: await readComments(db, userId),
    likes: await readLikes(db, userId),
    reactions: await readReactions(db, userId),
    reports: await readReports(db, userId),
    invitesSent: await readInvitesSent(db, userId),
    badges: await readBadges(db, userId),
  };
}

async function readComments(db: DbOrTx, userId: string) {
  const commentRows = await db
    .select()
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt));
  return commentRows.map((c) => ({
    id: c.id,
    postId: c.postId,
    body: c.body,
    createdAt: iso(c.createdAt),
  }));
}

async function readLikes(db: DbOrTx, userId: string) {
  const likeRows = await db
    .select()
    .from(likes)
    .where(eq(likes.userId, userId))
    .orderBy(asc(likes.createdAt));
  return likeRows.map((l) => ({ postId: l.postId, createdAt: iso(l.createdAt) }));
}

async function readReactions(db: DbOrTx, userId: string) {
  const reactionRows = await db
    .select()
    .from(postReactions)
    .where(eq(postReactions.userId, userId))
    .orderBy(asc(postReactions.createdAt));
  return reactionRows.map((r) => ({
    postId: r.postId,
    reaction: r.reaction,
    createdAt: iso(r.createdAt),
  }));
}

async function readReports(db: DbOrTx, userId: string) {
  const reportRows = await db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt));
  return reportRows.map((r) => ({
    id: r.id,
    postId: r.postId,
    reason: r.reason,
    status: r.status,
    createdAt: iso(r.createdAt),
    resolvedAt: iso(r.resolvedAt),
  }));
}

async function readInvitesSent(db: DbOrTx, userId: string) {
  const inviteRows = await db
    .select()
    .from(invites)
    .where(eq(invites.inviterUserId, userId))
    .orderBy(asc(invites.createdAt));
  return inviteRows.map((i) => ({
    email: i.email,
    firstName: i.firstName,
    lastName: i.lastName,
    accepted: i.acceptedAt !== null,
    acceptedAt: iso(i.acceptedAt),
    expiresAt: iso(i.expiresAt),
    createdAt: iso(i.createdAt),
  }));
}

async function readBadges(db: DbOrTx, userId: string) {
  const badgeRows = await db
    .select({
      code: badges.code,
      name: badges.name,
      description: badges.description,
      reason: userBadges.reason,
      awardedAt: userBadges.awardedAt,
    })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.awardedAt));
  return badgeRows.map((b) => ({ ...b, awardedAt: iso(b.awardedAt) }));
}
