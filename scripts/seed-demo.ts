/**
 * npm run seed:demo -- [--members 40] [--days 30] [--seed 1] [--reset] [--fast] [--histories FILE]
 *
 * Fills the configured database (DATABASE_URL, else PGlite in DATA_DIR) with demo members who are
 * `days` days into an active cycle: check-ins, one post per check-in, likes, reactions, comments,
 * accepted invites, streak badges and a trial each. The same --seed gives the same members, numbers
 * and texts (dates follow today). Demo accounts have ids `demo_<n>` and no password: sign in as one
 * with an e-mailed code.
 *
 * --histories FILE creates exactly the members a JSON file describes, day by day (issue 43; the
 * format is in the README and src/server/db/seed-histories.ts), and no random ones unless --members
 * is given too.
 *
 * Built for benchmarks too (10,000 members x 60 days is about 2.5 million rows): rows are generated
 * a group of members at a time and written 1,000 per insert statement, several at once on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CYCLE_LENGTH_DAYS,
  FITNESS_GOALS,
  GENDERS,
  EQUIPMENT,
  REACTION_KEYS,
  SETTINGS_TIMEZONES,
  STREAK_BADGE_CODES,
  TRIAL_DAYS,
  type BadgeDay,
} from '../src/shared/constants';
import { postCaption } from '../src/shared/domain/checkin';
import { addDays, localDateIn } from '../src/shared/domain/local-date';
import { readFileSync } from 'node:fs';
import { migrateDatabase, openDatabase, type Db } from '../src/server/db/client';
import {
  HistoriesError,
  parseHistories,
  type HistoriesFile,
} from '../src/server/db/seed-histories';
import { writeHistories } from '../src/server/db/seed-histories-write';
import { createStorage } from '../src/server/lib/storage';
import {
  badges,
  checkins,
  comments,
  consents,
  crews,
  cycles,
  healthProfile,
  invites,
  likes,
  postReactions,
  posts,
  profiles,
  subscriptions,
  user,
  userBadges,
  userSettings,
} from '../src/server/db/schema';
import { seedBadges } from '../src/server/db/seed';
import { refreshCycleStats } from '../src/server/queries/cycle-stats';
import { loadConfigOrExit } from '../src/server/env';

const USAGE = `Usage: npm run seed:demo -- [options]
  --members N   demo members to create (default 40)
  --days D      days into the cycle, 1-${CYCLE_LENGTH_DAYS} (default 30)
  --seed S      seed for the random generator (default 1): same seed, same data
  --reset       delete existing demo members (ids demo_*) and everything they own first
  --fast        skip the optional extras (health profiles, consents, comments) for big benchmark runs
  --histories F exactly the members of the JSON file F, ending yesterday in each one's zone (see the
                README); with it, --members defaults to 0`;

const CHUNK_ROWS = 1000;
const DEMO_ID_LIKE = sql.raw(`'demo\\_%'`);

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

interface Options {
  members: number;
  histories: HistoriesFile | null;
  days: number;
  seed: string;
  reset: boolean;
  fast: boolean;
}

/** A problem the person running the script can fix: printed without a stack trace. */
class SeedError extends Error {}

function usageError(message: string): never {
  throw new SeedError(`${message}\n\n${USAGE}`);
}

function parseOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        members: { type: 'string' },
        histories: { type: 'string' },
        days: { type: 'string', default: '30' },
        seed: { type: 'string', default: '1' },
        reset: { type: 'boolean', default: false },
        fast: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const whole = (name: string, raw: string, min: number, max: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max)
      usageError(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const histories = values.histories ? readHistories(values.histories) : null;
  return {
    members: whole(
      'members',
      values.members ?? (histories ? '0' : '40'),
      histories ? 0 : 1,
      1_000_000,
    ),
    histories,
    days: whole('days', values.days, 1, CYCLE_LENGTH_DAYS),
    seed: values.seed,
    reset: values.reset,
    fast: values.fast,
  };
}

/** The histories file, read and checked: a mistake stops the run with where it is. */
function readHistories(file: string): HistoriesFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SeedError(`Cannot read the histories file ${file}: ${(error as Error).message}`);
  }
  try {
    return parseHistories(text);
  } catch (error) {
    if (error instanceof HistoriesError) throw new SeedError(`${file}:\n${error.message}`);
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Deterministic randomness (xmur3 seed hash + sfc32 generator)
// ---------------------------------------------------------------------------

class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    let h = 1779033703 ^ seed.length;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 15; i++) this.uint32();
  }

  uint32(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  /** A version-4-shaped UUID drawn from this generator, so ids repeat with the seed. */
  uuid(): string {
    const hex = [this.uint32(), this.uint32(), this.uint32(), this.uint32()]
      .map((n) => n.toString(16).padStart(8, '0'))
      .join('');
    const variant = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

// ---------------------------------------------------------------------------
// Local times: a check-in at 07:30 happens at 07:30 in the member's own time zone
// ---------------------------------------------------------------------------

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, number>();

function offsetMinutesAt(timeZone: string, instant: number): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  const name =
    formatter.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The UTC offset in force at local noon of `date` (daytime hours never straddle a DST change). */
function offsetMinutes(timeZone: string, date: string): number {
  const key = `${timeZone} ${date}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const utcNoon = Date.parse(`${date}T12:00:00Z`);
    offset = offsetMinutesAt(timeZone, utcNoon - offsetMinutesAt(timeZone, utcNoon) * 60_000);
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The instant of `minuteOfDay` (minutes after local midnight) on local `date` in `timeZone`. */
function localInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  return new Date(
    Date.parse(`${date}T00:00:00Z`) + (minuteOfDay - offsetMinutes(timeZone, date)) * 60_000,
  );
}

// ---------------------------------------------------------------------------
// Word lists
// ---------------------------------------------------------------------------

// prettier-ignore
const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'William', 'Mia',
  'Benjamin', 'Charlotte', 'Lucas', 'Amelia', 'Henry', 'Harper', 'Theodore', 'Evelyn', 'Jack',
  'Abigail', 'Levi', 'Emily', 'Alexander', 'Ella', 'Mateo', 'Elizabeth', 'Daniel', 'Camila', 'Michael',
  'Luna', 'Mason', 'Sofia', 'Sebastian', 'Avery', 'Ethan', 'Mila', 'Logan', 'Aria', 'Owen', 'Scarlett',
  'Samuel', 'Penelope', 'Jacob', 'Layla', 'Asher', 'Chloe', 'Aiden', 'Victoria', 'John', 'Priya',
  'Arjun', 'Yuki', 'Haruto', 'Chiara', 'Luca', 'Ana', 'Diego', 'Fatima', 'Omar', 'Grace', 'Wei', 'Mei',
  'Kwame', 'Amara', 'Lars', 'Ingrid', 'Siobhan', 'Declan', 'Zoe',
];
// prettier-ignore
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore',
  'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez',
  'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen',
  'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
  'Carter', 'Roberts', 'Patel', 'Sharma', 'Tanaka', 'Sato', 'Rossi', 'Silva', 'Okafor', 'Mensah',
  'Andersen', "O'Brien", 'Murphy', 'Kowalski', 'Novak', 'Chen', 'Wang', 'Kim', 'Park', 'Schmidt',
  'Dubois', 'Moreau',
];

const COUNTRY_BY_ZONE: Record<string, string> = {
  'America/New_York': 'United States',
  'America/Chicago': 'United States',
  'America/Denver': 'United States',
  'America/Phoenix': 'United States',
  'America/Los_Angeles': 'United States',
  'America/Anchorage': 'United States',
  'Pacific/Honolulu': 'United States',
  'America/Sao_Paulo': 'Brazil',
  'Europe/London': 'United Kingdom',
  'Europe/Paris': 'France',
  'Asia/Kolkata': 'India',
  'Asia/Singapore': 'Singapore',
  'Asia/Tokyo': 'Japan',
  'Australia/Sydney': 'Australia',
};
// Most members are in the US, as the product's default zones suggest.
const ZONE_WEIGHTS = SETTINGS_TIMEZONES.map(
  (z) => [z.value, COUNTRY_BY_ZONE[z.value] === 'United States' ? 6 : 2] as const,
);

// prettier-ignore
const ACTIVITIES = [
  'a brisk walk', 'a run', 'an easy jog', 'a bike ride', 'yoga', 'a lifting session', 'leg day',
  'upper body', 'a HIIT class', 'a swim', 'a hike', 'pilates', 'a spin class', 'mobility work',
  'a long walk with the dog', 'stairs at the office', 'a kettlebell circuit', 'a rowing session',
];
// prettier-ignore
const FEELINGS = [
  'Felt strong today.', 'Tired, but I showed up.', 'Energy was great.', 'Legs are sore in a good way.',
  'Hard start, good finish.', 'Slept badly, moved anyway.', 'Best session this week!',
  'Kept it light, recovery day.', 'Rainy day, did it inside.', 'Squeezed it in before work.',
];
// prettier-ignore
const HABITS = [
  'Hit my protein with a big breakfast', 'Drank water all day', 'Meal-prepped lunches for the week',
  'Skipped the late-night snacks', 'Stretched for 10 minutes before bed', 'Took the stairs everywhere',
  'Walked during two phone calls', 'In bed by 10:30',
];
// prettier-ignore
const HEADLINES = [
  'Day done', 'Small win', 'Consistency', 'Showed up', 'Progress', 'Back at it', 'On track',
];
// prettier-ignore
const COMMENTS = [
  'Nice work! 💪', 'Keep stacking those days!', 'Love this.', 'You are on a roll 🔥',
  'Great consistency!', 'This is inspiring, thank you.', 'Same here, legs are done.',
  'Way to show up!', 'Proud of you!', "Let's go!", 'That walk sounds lovely.', 'Rest days count too.',
  'Crushing it 🚀', 'Good one!',
];
const REACTION_WEIGHTS = [
  [REACTION_KEYS[0], 40],
  [REACTION_KEYS[1], 25],
  [REACTION_KEYS[2], 20],
  [REACTION_KEYS[3], 15],
] as const;

function journal(random: Random, minutes: number, steps: number): string {
  const activity = random.pick(ACTIVITIES);
  switch (random.int(0, 4)) {
    case 0:
      return `${random.pick(FEELINGS)} ${minutes} minutes of ${activity}.`;
    case 1:
      return `- ${activity} (${minutes} min)\n- ${random.pick(HABITS)}\n- ${steps.toLocaleString('en-US')} steps`;
    case 2:
      return `**${random.pick(HEADLINES)}.** ${random.pick(FEELINGS)}`;
    case 3:
      return `Did ${activity} today. _${random.pick(HABITS)}._`;
    default:
      return `${random.pick(HEADLINES)}: ${activity}, ${minutes} min. ${random.pick(FEELINGS)}`;
  }
}

// ---------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------

interface Member {
  index: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  timeZone: string;
  startDate: string;
  signedUpAt: Date;
  /** Probability of checking in on a given day. */
  adherence: number;
  journalRate: number;
  proteinRate: number;
  hydrationRate: number;
  baselineSteps: number;
  baselineMinutes: number;
  /** Usual check-in time, minutes after local midnight. */
  usualMinute: number;
}

function makeMember(random: Random, index: number, days: number, now: Date): Member {
  const timeZone = random.weighted(ZONE_WEIGHTS);
  const startDate = addDays(localDateIn(now, timeZone), -(days - 1));
  return {
    index,
    id: `demo_${index}`,
    email: `demo${index}@stackdays.local`,
    firstName: random.pick(FIRST_NAMES),
    lastName: random.pick(LAST_NAMES),
    timeZone,
    startDate,
    signedUpAt: localInstant(
      addDays(startDate, -random.int(1, 3)),
      random.int(7 * 60, 22 * 60),
      timeZone,
    ),
    adherence: 0.6 + random.next() * 0.39,
    journalRate: 0.3 + random.next() * 0.6,
    proteinRate: 0.3 + random.next() * 0.65,
    hydrationRate: 0.4 + random.next() * 0.55,
    baselineSteps: random.int(4000, 11000),
    baselineMinutes: random.int(20, 55),
    usualMinute: random.pick([
      6 * 60 + 30,
      7 * 60,
      12 * 60 + 15,
      17 * 60 + 30,
      19 * 60,
      20 * 60 + 30,
    ]),
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Some distinct members other than `exclude`, as many as `count` allows. */
function otherMembers(
  random: Random,
  members: readonly Member[],
  exclude: number,
  count: number,
): Member[] {
  const wanted = Math.min(count, members.length - 1);
  const chosen = new Set<number>();
  while (chosen.size < wanted) {
    const i = random.int(0, members.length - 1);
    if (i !== exclude) chosen.add(i);
  }
  return [...chosen].map((i) => members[i]);
}

// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

type Row = Record<string, unknown>;
/** `ignore`: keep the existing row. `update`: on a clash on this column, overwrite the other columns given. */
type Conflict = { ignore: true } | { update: PgColumn };

/**
 * Writes rows as `insert ... select * from unnest($1::type[], $2::type[], ...)`: one array parameter
 * per column, so a 1,000-row chunk costs the same few parameters as one row, and drizzle does not
 * build a placeholder per value (which was most of the script's CPU time). Chunks of a table run
 * `concurrency` at a time. Array columns cannot ride in unnest; those tables use a plain insert.
 */
class Writer {
  readonly inserted = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly concurrency: number,
  ) {}

  async insert(table: PgTable, rows: Row[], conflict?: Conflict): Promise<void> {
    const name = getTableName(table);
    this.inserted.set(name, (this.inserted.get(name) ?? 0) + rows.length);
    if (rows.length === 0) return;
    const allColumns = getTableColumns(table) as Record<string, PgColumn>;
    const keys = Object.keys(rows[0]);
    const columns = keys.map((key) => allColumns[key]);
    const write = columns.some((c) => c.getSQLType().endsWith('[]'))
      ? (chunk: Row[]) => this.plainInsert(table, keys, columns, chunk, conflict)
      : (chunk: Row[]) => this.unnestInsert(table, keys, columns, chunk, conflict);

    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const chunk = rows.slice(next, next + CHUNK_ROWS);
        next += CHUNK_ROWS;
        await write(chunk);
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
  }

  private async unnestInsert(
    table: PgTable,
    keys: string[],
    columns: PgColumn[],
    rows: Row[],
    conflict?: Conflict,
  ) {
    const arrays = keys.map((key, i) => {
      const column = columns[i];
      const values = rows.map((row) => {
        if (!(key in row)) throw new Error(`${getTableName(table)} rows must all set ${key}`);
        const value = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    });
    const names = sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    await this.db.execute(
      sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${conflictClause(columns, conflict)}`,
    );
  }

  private async plainInsert(
    table: PgTable,
    keys: string[],
    columns: PgColumn[],
    rows: Row[],
    conflict?: Conflict,
  ) {
    const query = this.db.insert(table).values(rows as never);
    if (!conflict) await query;
    else if ('ignore' in conflict) await query.onConflictDoNothing();
    else {
      const set = Object.fromEntries(
        keys.flatMap((key, i) =>
          columns[i] === conflict.update ? [] : [[key, excluded(columns[i].name)]],
        ),
      );
      await query.onConflictDoUpdate({ target: conflict.update, set });
    }
  }
}

const excluded = (column: string): SQL => sql.raw(`excluded."${column}"`);

function conflictClause(columns: PgColumn[], conflict?: Conflict): SQL {
  if (!conflict) return sql``;
  if ('ignore' in conflict) return sql` on conflict do nothing`;
  const updates = columns
    .filter((c) => c !== conflict.update)
    .map((c) => sql`${sql.identifier(c.name)} = ${excluded(c.name)}`);
  return sql` on conflict (${sql.identifier(conflict.update.name)}) do update set ${sql.join(updates, sql`, `)}`;
}

const SUMMARY_ORDER = [
  'user',
  'profiles',
  'user_settings',
  'consents',
  'health_profile',
  'cycles',
  'subscriptions',
  'invites',
  'checkins',
  'posts',
  'likes',
  'post_reactions',
  'comments',
  'user_badges',
];

// ---------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------

async function resetDemoMembers(db: Db): Promise<number> {
  // Children first, in bulk: far faster than letting 10,000 user deletions cascade row by row.
  return db.transaction(async (tx) => {
    const demoPosts = sql`select id from ${posts} where ${posts.userId} like ${DEMO_ID_LIKE}`;
    await tx.execute(
      sql`delete from ${likes} where ${likes.userId} like ${DEMO_ID_LIKE} or ${likes.postId} in (${demoPosts})`,
    );
    await tx.execute(
      sql`delete from ${postReactions} where ${postReactions.userId} like ${DEMO_ID_LIKE} or ${postReactions.postId} in (${demoPosts})`,
    );
    await tx.execute(
      sql`delete from ${comments} where ${comments.userId} like ${DEMO_ID_LIKE} or ${comments.postId} in (${demoPosts})`,
    );
    await tx.execute(sql`delete from ${posts} where ${posts.userId} like ${DEMO_ID_LIKE}`);
    await tx.execute(sql`delete from ${checkins} where ${checkins.userId} like ${DEMO_ID_LIKE}`);
    // The crews of a histories file (their members go with the accounts).
    await tx.execute(sql`delete from ${crews} where ${crews.ownerId} like ${DEMO_ID_LIKE}`);
    const deleted = await tx
      .delete(user)
      .where(sql`${user.id} like ${DEMO_ID_LIKE}`)
      .returning({ id: user.id });
    return deleted.length;
  });
}

async function seedDemo(
  db: Db,
  options: Options,
  writer: Writer,
  log: (line: string) => void,
): Promise<void> {
  const random = new Random(`stackdays-demo:${options.seed}`);
  const now = new Date();
  const nowMs = now.getTime();
  const hour = 3_600_000;
  const after = (from: Date, minMs: number, maxMs: number) =>
    new Date(Math.min(nowMs, from.getTime() + minMs + random.next() * (maxMs - minMs)));

  const badgeIds = new Map(
    (await db.select({ id: badges.id, code: badges.code }).from(badges)).map((b) => [b.code, b.id]),
  );

  // Members and everything they have from sign-up.
  const members = Array.from({ length: options.members }, (_, i) =>
    makeMember(random, i + 1, options.days, now),
  );
  const users: (typeof user.$inferInsert)[] = [];
  const profileRows: (typeof profiles.$inferInsert)[] = [];
  const settingsRows: (typeof userSettings.$inferInsert)[] = [];
  const consentRows: (typeof consents.$inferInsert)[] = [];
  const healthRows: (typeof healthProfile.$inferInsert)[] = [];
  const cycleRows: (typeof cycles.$inferInsert)[] = [];
  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const inviteRows: (typeof invites.$inferInsert)[] = [];
  const cycleIds = new Map<string, string>();

  for (const m of members) {
    const name = `${m.firstName} ${m.lastName}`;
    const inUs = COUNTRY_BY_ZONE[m.timeZone] === 'United States';
    users.push({
      id: m.id,
      name,
      email: m.email,
      emailVerified: true,
      createdAt: m.signedUpAt,
      updatedAt: m.signedUpAt,
    });
    profileRows.push({
      id: m.id,
      displayName: random.chance(0.8) ? name : `${m.firstName} ${m.lastName[0]}.`,
      firstName: m.firstName,
      lastName: m.lastName,
      country: COUNTRY_BY_ZONE[m.timeZone],
      unitPref: inUs ? 'imperial' : 'metric',
      // Proven at sign-up, like every real member: their first code sign-in starts nothing afresh.
      verifiedAt: m.signedUpAt,
      createdAt: m.signedUpAt,
      updatedAt: m.signedUpAt,
    });
    settingsRows.push({
      userId: m.id,
      reminderHour: random.pick([6, 7, 7, 8, 12, 17, 18, 19, 19, 19, 20, 21]),
      emailNudges: random.chance(0.85),
      pushNudges: random.chance(0.3),
      timezone: m.timeZone,
      updatedAt: m.signedUpAt,
    });
    if (!options.fast) {
      consentRows.push({
        userId: m.id,
        tosAcceptedAt: m.signedUpAt,
        healthDisclaimerAcceptedAt: m.signedUpAt,
        marketingOptIn: random.chance(0.4),
      });
      healthRows.push({
        userId: m.id,
        birthYear: random.int(1958, 2004),
        gender: random.weighted([
          [GENDERS[0], 47],
          [GENDERS[1], 47],
          [GENDERS[2], 6],
        ]),
        heightCm: random.int(152, 195),
        weightKg: random.int(52, 118),
        baselineSteps: Math.round(m.baselineSteps / 500) * 500,
        goals: FITNESS_GOALS.filter(() => random.chance(0.35)),
        equipment: EQUIPMENT.filter((e) => e !== 'none' && random.chance(0.3)),
        updatedAt: m.signedUpAt,
      });
    }
    const cycleId = random.uuid();
    cycleIds.set(m.id, cycleId);
    cycleRows.push({
      id: cycleId,
      userId: m.id,
      startDate: m.startDate,
      isActive: true,
      createdAt: m.signedUpAt,
    });
    subscriptionRows.push({
      userId: m.id,
      status: 'trialing',
      // Every demo member is mid-trial, whatever --days says.
      currentPeriodEnd: new Date(nowMs + random.int(1, TRIAL_DAYS) * 24 * hour),
      createdAt: m.signedUpAt,
      updatedAt: m.signedUpAt,
    });
    // About a quarter joined through an invite from someone who signed up earlier.
    if (m.index > 1 && random.chance(0.25)) {
      const inviter = members[random.int(0, m.index - 2)];
      const sentAt = new Date(m.signedUpAt.getTime() - random.int(1, 48) * hour);
      inviteRows.push({
        tokenHash: createHash('sha256')
          .update(`demo-invite:${options.seed}:${m.index}:${random.uuid()}`)
          .digest('hex'),
        inviterUserId: inviter.id,
        email: m.email,
        firstName: m.firstName,
        lastName: m.lastName,
        acceptedUserId: m.id,
        acceptedAt: m.signedUpAt,
        expiresAt: new Date(sentAt.getTime() + 14 * 24 * hour),
        createdAt: sentAt,
      });
    }
  }

  await writer.insert(user, users);
  // Profiles and settings may already exist (created by a sign-up trigger): upsert so ours win.
  await writer.insert(profiles, profileRows, { update: profiles.id });
  await writer.insert(userSettings, settingsRows, { update: userSettings.userId });
  await writer.insert(consents, consentRows, { ignore: true });
  await writer.insert(healthProfile, healthRows, { ignore: true });
  await writer.insert(cycles, cycleRows);
  await writer.insert(subscriptions, subscriptionRows);
  await writer.insert(invites, inviteRows);
  log(`  ${members.length} members with profiles, settings, cycles and trials`);

  // Daily activity, a group of members at a time so memory stays flat at any size.
  const groupSize = Math.max(1, Math.floor(20_000 / options.days));
  for (let start = 0; start < members.length; start += groupSize) {
    const checkinRows: (typeof checkins.$inferInsert)[] = [];
    const postRows: (typeof posts.$inferInsert)[] = [];
    const likeRows: (typeof likes.$inferInsert)[] = [];
    const reactionRows: (typeof postReactions.$inferInsert)[] = [];
    const commentRows: (typeof comments.$inferInsert)[] = [];
    const badgeRows: (typeof userBadges.$inferInsert)[] = [];

    for (const m of members.slice(start, start + groupSize)) {
      let streak = 0;
      const awarded = new Set<number>();
      for (let day = 1; day <= options.days; day++) {
        const localDate = addDays(m.startDate, day - 1);
        const minute = clamp(m.usualMinute + random.int(-75, 75), 6 * 60, 22 * 60 + 59);
        const at = localInstant(localDate, minute, m.timeZone);
        // Today's check-in happens only if its usual time has passed.
        if (!random.chance(m.adherence) || at.getTime() > nowMs) {
          streak = 0;
          continue;
        }
        const movedMinutes = clamp(Math.round(m.baselineMinutes * (0.5 + random.next())), 10, 90);
        const steps = clamp(
          Math.round((m.baselineSteps * (0.6 + random.next() * 0.85)) / 10) * 10,
          2000,
          16000,
        );
        const journalMd = random.chance(m.journalRate)
          ? journal(random, movedMinutes, steps)
          : null;
        const checkinId = random.uuid();
        checkinRows.push({
          id: checkinId,
          cycleId: cycleIds.get(m.id)!,
          userId: m.id,
          dayNumber: day,
          localDate,
          movedMinutes,
          steps,
          proteinTargetHit: random.chance(m.proteinRate),
          hydrationGoalHit: random.chance(m.hydrationRate),
          journalMd,
          createdAt: at,
          completedAt: at,
          updatedAt: at,
        });
        const postId = random.uuid();
        postRows.push({
          id: postId,
          checkinId,
          userId: m.id,
          caption: postCaption(journalMd),
          createdAt: at,
        });

        // Popularity is skewed: most posts get a few likes, some get many.
        for (const fan of otherMembers(
          random,
          members,
          m.index - 1,
          Math.floor(random.next() * random.next() * 9),
        )) {
          likeRows.push({ postId, userId: fan.id, createdAt: after(at, 5 * 60_000, 30 * hour) });
        }
        for (const fan of otherMembers(
          random,
          members,
          m.index - 1,
          Math.floor(random.next() * random.next() * 6),
        )) {
          reactionRows.push({
            postId,
            userId: fan.id,
            reaction: random.weighted(REACTION_WEIGHTS),
            createdAt: after(at, 5 * 60_000, 30 * hour),
          });
        }
        if (!options.fast && random.chance(0.2)) {
          const count = random.int(1, 3);
          for (let c = 0; c < count; c++) {
            const commenter =
              c > 0 && random.chance(0.3) ? m : members[random.int(0, members.length - 1)];
            commentRows.push({
              postId,
              userId: commenter.id,
              body: random.pick(COMMENTS),
              createdAt: after(at, (c + 1) * 10 * 60_000, (c + 1) * 20 * hour),
            });
          }
        }

        streak += 1;
        const code = STREAK_BADGE_CODES[streak as BadgeDay] as string | undefined;
        const badgeId = code ? badgeIds.get(code) : undefined;
        if (badgeId !== undefined && !awarded.has(badgeId)) {
          awarded.add(badgeId);
          badgeRows.push({ userId: m.id, badgeId, reason: `${streak}-day streak`, awardedAt: at });
        }
      }
    }

    await writer.insert(checkins, checkinRows);
    await writer.insert(posts, postRows);
    await Promise.all([
      writer.insert(likes, likeRows),
      writer.insert(postReactions, reactionRows),
      writer.insert(comments, commentRows),
      writer.insert(userBadges, badgeRows),
    ]);
    const done = Math.min(start + groupSize, members.length);
    if (members.length > groupSize) log(`  activity for ${done} / ${members.length} members`);
  }
}

/**
 * Seed sessions skip waiting for each commit to reach disk: a crash can lose the last few inserts
 * (re-run with --reset) but never corrupts anything, and every chunk is its own commit.
 */
function withoutCommitWait(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get('options');
  url.searchParams.set('options', `${options ? `${options} ` : ''}-c synchronous_commit=off`);
  return url.toString();
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfigOrExit();

  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const log = (line: string) => console.log(`${line} (${elapsed()})`);
  const onServer = Boolean(config.databaseUrl);
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: withoutCommitWait(config.databaseUrl), poolSize: 6 }
      : { driver: 'pglite', dataDir: config.dataDir },
  ).catch((error: Error) => {
    throw new SeedError(`Cannot open the database: ${error.message}`);
  });
  const where = onServer ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;

  try {
    const { db } = database;
    await migrateDatabase(database);
    await seedBadges(db);

    const [{ existing }] = await db
      .select({ existing: sql<number>`count(*)` })
      .from(user)
      .where(sql`${user.id} like ${DEMO_ID_LIKE}`);
    if (existing > 0) {
      if (!options.reset) {
        throw new SeedError(
          `${existing} demo members already exist in ${where}. Run again with --reset to replace them.`,
        );
      }
      const removed = await resetDemoMembers(db);
      log(`Removed ${removed} demo members and everything they owned`);
    }

    console.log(
      `Seeding ${where}: ${options.members} members, ${options.days} days, seed ${options.seed}${options.fast ? ', fast' : ''}`,
    );
    // PGlite runs one statement at a time; a server takes several.
    const writer = new Writer(db, onServer ? 4 : 1);
    await seedDemo(db, options, writer, log);
    if (options.histories) {
      const written = await writeHistories(
        {
          db,
          storage: createStorage({ ...config.storage, dataDir: config.dataDir }),
          ffmpegPath: config.ffmpegPath,
        },
        options.histories,
        new Date(),
      ).catch((error: unknown) => {
        throw error instanceof HistoriesError ? new SeedError(error.message) : error;
      });
      log(
        `  ${written.members} members from the histories file: ${written.checkins} check-ins, ` +
          `${written.photos} photos, ${written.crews} crews`,
      );
    }
    // The leaderboard reads each cycle's check-in aggregates; compute them for the new rows.
    await refreshCycleStats(db);
    log('Computed cycle aggregates');
    // Fresh statistics, so benchmarks run against the plans a real database would use.
    await db.execute(sql`analyze`);
    log('Updated planner statistics');

    const seconds = (performance.now() - started) / 1000;
    const total = [...writer.inserted.values()].reduce((a, b) => a + b, 0);
    console.log('\nRows inserted:');
    for (const [table, count] of [...writer.inserted].sort(
      ([a], [b]) => SUMMARY_ORDER.indexOf(a) - SUMMARY_ORDER.indexOf(b),
    )) {
      console.log(`  ${table.padEnd(16)} ${count.toLocaleString('en-US').padStart(10)}`);
    }
    console.log(`  ${'total'.padEnd(16)} ${total.toLocaleString('en-US').padStart(10)}`);
    console.log(
      `\nDone in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en-US')} rows/s). ` +
        (options.members > 0
          ? `Demo members are demo1@stackdays.local … demo${options.members}@stackdays.local`
          : 'Members are those of the histories file') +
        ': no password, sign in with an e-mailed code (printed in the server log when SMTP_URL is unset).',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof SeedError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
