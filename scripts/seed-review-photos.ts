/**
 * npx tsx scripts/seed-review-photos.ts [email] [days…]
 *
 * Gives a seeded demo member proof photos on some of their check-ins (default demo1: their first
 * check-in and two of week 4, days 22-28, the newest week of a 30-day seed), stored the way
 * uploads are (cleaned, with a thumbnail), so the weekly review has photos
 * and "then and now" to show (the review journey and the Lighthouse run of /app/review). The early
 * days keep them off the first page of the community feed. Run with the server stopped (PGlite).
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { asc, eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { checkins, postMedia, posts, user } from '../src/server/db/schema';
import { loadConfigOrExit } from '../src/server/env';
import { createStorage, ingestUpload } from '../src/server/lib/storage';

const [email = 'demo1@stackdays.local', ...dayArgs] = process.argv.slice(2);
const chosen = dayArgs.map(Number);
const COLOURS = ['#84cc16', '#f97316', '#0ea5e9', '#a855f7', '#ef4444'];

const config = loadConfigOrExit();
const database = await openDatabase(
  config.databaseUrl
    ? { driver: 'pg', url: config.databaseUrl, poolSize: 2 }
    : { driver: 'pglite', dataDir: config.dataDir },
);
try {
  await migrateDatabase(database);
  const { db } = database;
  const storage = createStorage({ ...config.storage, dataDir: config.dataDir });
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!member) throw new Error(`No member ${email}: seed the demo members first`);
  const all = await db
    .select({ day: checkins.dayNumber, postId: posts.id })
    .from(checkins)
    .innerJoin(posts, eq(posts.checkinId, checkins.id))
    .where(eq(checkins.userId, member.id))
    .orderBy(asc(checkins.dayNumber));
  const rows = chosen.length
    ? all.filter((r) => chosen.includes(r.day))
    : [all[0], ...all.filter((r) => r.day >= 22 && r.day <= 28).slice(-2)].filter(Boolean);
  for (const [i, row] of rows.entries()) {
    const image = await sharp({
      create: { width: 640, height: 640, channels: 3, background: COLOURS[i % COLOURS.length] },
    })
      .composite([
        {
          input: Buffer.from(
            `<svg width="640" height="640"><text x="320" y="360" font-size="120" text-anchor="middle" font-family="sans-serif" fill="#0f172a">Day ${row.day}</text></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const stored = await ingestUpload({
      storage,
      source: Readable.from([image]),
      declaredType: 'image/jpeg',
      keyPrefix: `u/${member.id}/${row.postId}`,
      kind: 'media',
      ffmpeg: config.ffmpegPath,
    });
    await db.insert(postMedia).values({
      postId: row.postId,
      storagePath: stored.key,
      mediaType: stored.mediaType,
      mimeType: stored.mimeType,
      sortIndex: 0,
      sizeBytes: stored.sizeBytes,
    });
  }
  console.log(
    `${rows.length} proof photos for ${email} (days ${rows.map((r) => r.day).join(', ')})`,
  );
} finally {
  await database.close();
}
