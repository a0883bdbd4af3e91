import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_BADGE_CODES } from '@shared/constants';
import { displayNameFromEmail } from '@shared/domain/display';
import type { Db } from './client';
import {
  badges,
  checkins,
  coupons,
  cycles,
  likes,
  postReactions,
  posts,
  profiles,
  reports,
  user,
  userBadges,
  userSettings,
  workoutPrefs,
} from './schema';
import { seedBadges } from './seed';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

const UNIQUE = '23505';
const FOREIGN_KEY = '23503';
const CHECK = '23514';

/** Drizzle wraps the driver error; both pg and PGlite put the Postgres fields on `cause`. */
async function rejectsWith(
  query: Promise<unknown>,
  code: string,
  constraint: string,
): Promise<void> {
  const error = await query.then(
    () => {
      throw new Error(
        `expected the database to refuse with ${code} (${constraint}), but it accepted`,
      );
    },
    (e: unknown) => e,
  );
  const pgError = ((error as { cause?: unknown }).cause ?? error) as {
    code?: string;
    constraint?: string;
  };
  expect({ code: pgError.code, constraint: pgError.constraint }).toEqual({ code, constraint });
}

let database: TestDatabase;
let db: Db;
let counter = 0;

/** A member as sign-up leaves them; works with or without a trigger that creates profile and settings rows. */
async function createMember(name = 'Test Member'): Promise<string> {
  counter += 1;
  const id = `member_${counter}_${randomUUID().slice(0, 8)}`;
  await db.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
  await db.insert(profiles).values({ id, displayName: name }).onConflictDoNothing();
  await db.update(profiles).set({ displayName: name }).where(eq(profiles.id, id));
  await db.insert(userSettings).values({ userId: id }).onConflictDoNothing();
  return id;
}

async function createCycle(userId: string, isActive = true): Promise<string> {
  const [cycle] = await db
    .insert(cycles)
    .values({ userId, startDate: '2026-01-01', isActive })
    .returning({ id: cycles.id });
  return cycle.id;
}

async function createCheckin(
  userId: string,
  cycleId: string,
  dayNumber: number,
  localDate: string,
  extra: Partial<typeof checkins.$inferInsert> = {},
): Promise<string> {
  const [checkin] = await db
    .insert(checkins)
    .values({ userId, cycleId, dayNumber, localDate, ...extra })
    .returning({ id: checkins.id });
  return checkin.id;
}

async function createPost(userId: string, checkinId?: string): Promise<string> {
  const [post] = await db
    .insert(posts)
    .values({ userId, checkinId, caption: 'Daily check-in complete!' })
    .returning({ id: posts.id });
  return post.id;
}

async function countWhere(table: Parameters<Db['$count']>[0], where: Parameters<Db['$count']>[1]) {
  return db.$count(table, where);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

describe('unique constraints', () => {
  it('allows one check-in per cycle and day', async () => {
    const member = await createMember();
    const cycleId = await createCycle(member);
    await createCheckin(member, cycleId, 1, '2026-01-01');
    await rejectsWith(
      createCheckin(member, cycleId, 1, '2026-01-02'),
      UNIQUE,
      'checkins_cycle_day_unique',
    );
    await createCheckin(member, cycleId, 2, '2026-01-02');
    expect(await countWhere(checkins, eq(checkins.cycleId, cycleId))).toBe(2);
  });

  it('allows one check-in per member and local date, even across cycles', async () => {
    const member = await createMember();
    const oldCycle = await createCycle(member, false);
    const activeCycle = await createCycle(member);
    await createCheckin(member, oldCycle, 5, '2026-02-10');
    await rejectsWith(
      createCheckin(member, activeCycle, 1, '2026-02-10'),
      UNIQUE,
      'checkins_user_local_date_unique',
    );
    // Another member may check in on the same date.
    const other = await createMember();
    await createCheckin(other, await createCycle(other), 1, '2026-02-10');
  });

  it('allows one like per member and post', async () => {
    const author = await createMember();
    const fan = await createMember();
    const postId = await createPost(author);
    await db.insert(likes).values({ postId, userId: fan });
    await rejectsWith(
      db.insert(likes).values({ postId, userId: fan }),
      UNIQUE,
      'likes_post_id_user_id_pk',
    );
    await db.insert(likes).values({ postId, userId: author });
    expect(await countWhere(likes, eq(likes.postId, postId))).toBe(2);
  });

  it('allows one reaction per member and post', async () => {
    const author = await createMember();
    const fan = await createMember();
    const postId = await createPost(author);
    await db.insert(postReactions).values({ postId, userId: fan, reaction: 'strong' });
    await rejectsWith(
      db.insert(postReactions).values({ postId, userId: fan, reaction: 'celebrate' }),
      UNIQUE,
      'post_reactions_post_id_user_id_pk',
    );
  });

  it('awards a badge to a member at most once', async () => {
    const member = await createMember();
    const [badge] = await db.select().from(badges).where(eq(badges.code, 'starter_7'));
    await db.insert(userBadges).values({ userId: member, badgeId: badge.id });
    await rejectsWith(
      db.insert(userBadges).values({ userId: member, badgeId: badge.id, reason: 'again' }),
      UNIQUE,
      'user_badges_user_badge_unique',
    );
    const [other] = await db.select().from(badges).where(eq(badges.code, 'momentum_21'));
    await db.insert(userBadges).values({ userId: member, badgeId: other.id });
  });

  it('keeps one workout preferences row per member', async () => {
    const member = await createMember();
    await db.insert(workoutPrefs).values({ userId: member });
    await rejectsWith(
      db.insert(workoutPrefs).values({ userId: member, fitnessLevel: 'advanced' }),
      UNIQUE,
      'workout_prefs_pkey',
    );
  });

  it('treats coupon codes as equal regardless of case', async () => {
    await db.insert(coupons).values({ code: 'SPRING' });
    await rejectsWith(
      db.insert(coupons).values({ code: 'spring' }),
      UNIQUE,
      'coupons_code_lower_unique',
    );
    await rejectsWith(
      db.insert(coupons).values({ code: 'Spring' }),
      UNIQUE,
      'coupons_code_lower_unique',
    );
    await db.insert(coupons).values({ code: 'SPRING2' });
  });

  it('allows one active cycle per member, and any number of ended ones', async () => {
    const member = await createMember();
    await createCycle(member);
    await rejectsWith(createCycle(member), UNIQUE, 'cycles_one_active_per_user');
    await createCycle(member, false);
    await createCycle(member, false);
    expect(await countWhere(cycles, eq(cycles.userId, member))).toBe(3);
    // Another member has their own active cycle.
    await createCycle(await createMember());
  });

  it('allows one open report per reporter and post; a resolved one does not block a new one', async () => {
    const author = await createMember();
    const reporter = await createMember();
    const postId = await createPost(author);
    await db
      .insert(reports)
      .values({ postId, reporterId: reporter, status: 'resolved', resolvedAt: new Date() });
    await db.insert(reports).values({ postId, reporterId: reporter, reason: 'spam' });
    await rejectsWith(
      db.insert(reports).values({ postId, reporterId: reporter, reason: 'still spam' }),
      UNIQUE,
      'reports_one_open_per_reporter',
    );
    // Another reporter may report the same post.
    await db.insert(reports).values({ postId, reporterId: await createMember() });
  });
});

describe('check constraints', () => {
  it('keeps day_number within 1-90', async () => {
    const member = await createMember();
    const cycleId = await createCycle(member);
    await rejectsWith(
      createCheckin(member, cycleId, 0, '2026-03-01'),
      CHECK,
      'checkins_day_number_check',
    );
    await rejectsWith(
      createCheckin(member, cycleId, 91, '2026-03-02'),
      CHECK,
      'checkins_day_number_check',
    );
    await rejectsWith(
      createCheckin(member, cycleId, -1, '2026-03-03'),
      CHECK,
      'checkins_day_number_check',
    );
    await createCheckin(member, cycleId, 1, '2026-03-04');
    await createCheckin(member, cycleId, 90, '2026-03-05');
  });

  it('keeps months_free within 1-24', async () => {
    await rejectsWith(
      db.insert(coupons).values({ code: 'ZERO', monthsFree: 0 }),
      CHECK,
      'coupons_months_free_check',
    );
    await rejectsWith(
      db.insert(coupons).values({ code: 'TOOMANY', monthsFree: 25 }),
      CHECK,
      'coupons_months_free_check',
    );
    await db.insert(coupons).values([
      { code: 'ONE', monthsFree: 1 },
      { code: 'TWENTYFOUR', monthsFree: 24 },
    ]);
  });

  it('accepts only imperial or metric as unit preference', async () => {
    const member = await createMember();
    await rejectsWith(
      db.update(profiles).set({ unitPref: 'stone' }).where(eq(profiles.id, member)),
      CHECK,
      'profiles_unit_pref_check',
    );
    await rejectsWith(
      db.update(profiles).set({ unitPref: 'Metric' }).where(eq(profiles.id, member)),
      CHECK,
      'profiles_unit_pref_check',
    );
    await db.update(profiles).set({ unitPref: 'metric' }).where(eq(profiles.id, member));
  });

  it('accepts only the four known reaction keys', async () => {
    const author = await createMember();
    const fan = await createMember();
    const postId = await createPost(author);
    await rejectsWith(
      db.insert(postReactions).values({ postId, userId: fan, reaction: 'love' }),
      CHECK,
      'post_reactions_reaction_check',
    );
    for (const [i, reaction] of ['like', 'strong', 'celebrate', 'fireworks'].entries()) {
      const reactor = i === 0 ? fan : await createMember();
      await db.insert(postReactions).values({ postId, userId: reactor, reaction });
    }
  });

  it('refuses negative steps', async () => {
    const member = await createMember();
    const cycleId = await createCycle(member);
    await rejectsWith(
      createCheckin(member, cycleId, 1, '2026-04-01', { steps: -1 }),
      CHECK,
      'checkins_steps_check',
    );
    await createCheckin(member, cycleId, 1, '2026-04-01', { steps: 0 });
  });

  it('refuses a journal over 2000 characters', async () => {
    const member = await createMember();
    const cycleId = await createCycle(member);
    await rejectsWith(
      createCheckin(member, cycleId, 1, '2026-05-01', { journalMd: 'x'.repeat(2001) }),
      CHECK,
      'checkins_journal_length_check',
    );
    // Characters, not bytes: 2000 multi-byte characters still fit.
    await createCheckin(member, cycleId, 1, '2026-05-01', { journalMd: 'é'.repeat(2000) });
  });
});

describe('foreign keys', () => {
  it('refuses rows that point at a missing member or post', async () => {
    await rejectsWith(
      db.insert(profiles).values({ id: 'nobody', displayName: 'Nobody' }),
      FOREIGN_KEY,
      'profiles_id_user_id_fk',
    );
    const member = await createMember();
    await rejectsWith(
      db.insert(likes).values({ postId: randomUUID(), userId: member }),
      FOREIGN_KEY,
      'likes_post_id_posts_id_fk',
    );
  });
});

describe('defaults', () => {
  it('gives a new profile and settings row the spec defaults', async () => {
    const id = `defaults_${randomUUID().slice(0, 8)}`;
    await db.insert(user).values({ id, name: 'Dee Fault', email: `${id}@example.com` });
    await db.insert(profiles).values({ id, displayName: 'Dee Fault' }).onConflictDoNothing();
    await db.insert(userSettings).values({ userId: id }).onConflictDoNothing();

    const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile).toMatchObject({
      unitPref: 'imperial',
      isAdmin: false,
    });
    const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, id));
    expect(settings).toMatchObject({
      reminderHour: 19,
      emailNudges: true,
      pushNudges: false,
      timezone: 'America/Denver',
    });
  });

  it('names an account made without a name after its e-mail, by the same rule as the server', async () => {
    // A quoted local part may hold an "@": the name is everything before the last one.
    for (const email of ['"sam@home"@example.com', 'jo.lee@example.com']) {
      const id = `named_${randomUUID().slice(0, 8)}`;
      await db.insert(user).values({ id, name: ' ', email });
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, id));
      expect(profile.displayName).toBe(displayNameFromEmail(email));
    }
  });

  it("gives a profile its account's creation time, whatever made the profile", async () => {
    // The account made first (its trigger makes the profile), or the profile made by hand after a
    // trigger-less insert: both carry the account's created_at, not the moment of the insert.
    const joined = new Date('2021-05-06T07:08:09.123Z');
    const id = `joined_${randomUUID().slice(0, 8)}`;
    await db
      .insert(user)
      .values({ id, name: 'Jo Ined', email: `${id}@example.com`, createdAt: joined });
    const [made] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(made.joinedAt).toEqual(joined);

    await db.delete(profiles).where(eq(profiles.id, id));
    await db.insert(profiles).values({ id, displayName: 'Jo Ined' });
    const [again] = await db.select().from(profiles).where(eq(profiles.id, id));
    expect(again.joinedAt).toEqual(joined);
  });
});

describe('deleting a member', () => {
  it('removes their cycles, check-ins, posts and likes, and keeps reports they filed without their id', async () => {
    const leaver = await createMember('Leaving Member');
    const stayer = await createMember('Staying Member');
    const cycleId = await createCycle(leaver);
    const checkinId = await createCheckin(leaver, cycleId, 1, '2026-06-01');
    const leaverPost = await createPost(leaver, checkinId);
    const stayerPost = await createPost(stayer);
    await db.insert(likes).values([
      { postId: stayerPost, userId: leaver },
      { postId: leaverPost, userId: stayer },
    ]);
    const [report] = await db
      .insert(reports)
      .values({ postId: stayerPost, reporterId: leaver, reason: 'off-topic' })
      .returning({ id: reports.id });

    await db.delete(user).where(eq(user.id, leaver));

    expect(await countWhere(cycles, eq(cycles.userId, leaver))).toBe(0);
    expect(await countWhere(checkins, eq(checkins.id, checkinId))).toBe(0);
    expect(await countWhere(posts, eq(posts.id, leaverPost))).toBe(0);
    expect(await countWhere(likes, eq(likes.userId, leaver))).toBe(0);
    // The like on the deleted post went with the post.
    expect(await countWhere(likes, eq(likes.postId, leaverPost))).toBe(0);
    expect(await countWhere(profiles, eq(profiles.id, leaver))).toBe(0);
    expect(await countWhere(userSettings, eq(userSettings.userId, leaver))).toBe(0);

    const [kept] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(kept).toMatchObject({
      reporterId: null,
      postId: stayerPost,
      reason: 'off-topic',
      status: 'open',
    });
    // The other member's post is untouched.
    expect(await countWhere(posts, eq(posts.id, stayerPost))).toBe(1);
  });
});

describe('badge seed', () => {
  it('has the seven known badges exactly once, even after seeding again', async () => {
    await seedBadges(db);
    await seedBadges(db);
    const rows = await db.select({ code: badges.code }).from(badges);
    expect(KNOWN_BADGE_CODES).toHaveLength(7);
    expect(rows.map((r) => r.code).sort()).toEqual([...KNOWN_BADGE_CODES].sort());
  });

  it('does not overwrite a badge an admin edited', async () => {
    await db.update(badges).set({ name: 'Renamed by admin' }).where(eq(badges.code, 'encourager'));
    await seedBadges(db);
    const [badge] = await db.select().from(badges).where(eq(badges.code, 'encourager'));
    expect(badge.name).toBe('Renamed by admin');
  });
});
