/**
 * npx tsx scripts/seed-review-photos.ts [email] [days…]
 *
 * Gives a seeded demo member proof photos on some of their check-ins (default demo1: their first
 * check-in and two of week 4, days 22-28, the newest week of a 30-day seed), stored the way
 * uploads are (seed-photos.ts), so the weekly review has photos
 * and "then and now" to show (the review journey and the Lighthouse run of /app/review). The early
 * days keep them off the first page of the community feed. Run with the server stopped (PGlite).
 */
import { asc, eq } from 'drizzle-orm';
import { checkins, posts } from '../src/server/db/schema';
import { addProofPhoto, openSeedTarget } from './seed-photos';

const [email = 'demo1@stackdays.local', ...dayArgs] = process.argv.slice(2);
const chosen = dayArgs.map(Number);
const COLOURS = ['#84cc16', '#f97316', '#0ea5e9', '#a855f7', '#ef4444'];

const target = await openSeedTarget(email);
try {
  const all = await target.database.db
    .select({ day: checkins.dayNumber, id: posts.id })
    .from(checkins)
    .innerJoin(posts, eq(posts.checkinId, checkins.id))
    .where(eq(checkins.userId, target.memberId))
    .orderBy(asc(checkins.dayNumber));
  const rows = chosen.length
    ? all.filter((r) => chosen.includes(r.day))
    : [all[0], ...all.filter((r) => r.day >= 22 && r.day <= 28).slice(-2)].filter(Boolean);
  for (const [i, post] of rows.entries()) {
    await addProofPhoto(target, post, COLOURS[i % COLOURS.length]);
  }
  console.log(
    `${rows.length} proof photos for ${email} (days ${rows.map((r) => r.day).join(', ')})`,
  );
} finally {
  await target.database.close();
}
