/**
 * What the seed scripts that add history to a demo member share (seed-review-photos.ts,
 * seed-past-cycle.ts): the database the server would open, and a proof photo stored the way an
 * upload is (cleaned, with a thumbnail) on one of the member's posts.
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { postMedia, user } from '../src/server/db/schema';
import { loadConfigOrExit } from '../src/server/env';
import { createStorage, ingestUpload, type MediaStorage } from '../src/server/lib/storage';

export interface SeedTarget {
  database: Database;
  storage: MediaStorage;
  ffmpegPath: string | null;
  memberId: string;
}

/** The configured database (migrated) and storage, and the demo member `email`; run with the server stopped. */
export async function openSeedTarget(email: string): Promise<SeedTarget> {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, poolSize: 2 }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  try {
    await migrateDatabase(database);
    const [member] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email));
    if (!member) throw new Error(`No member ${email}: seed the demo members first`);
    const storage = createStorage({ ...config.storage, dataDir: config.dataDir });
    return { database, storage, ffmpegPath: config.ffmpegPath, memberId: member.id };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A 640 px square of `colour` saying "Day N", stored and attached to the post as its first media. */
export async function addProofPhoto(
  target: SeedTarget,
  post: { id: string; day: number },
  colour: string,
): Promise<void> {
  const image = await sharp({
    create: { width: 640, height: 640, channels: 3, background: colour },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="640" height="640"><text x="320" y="360" font-size="120" text-anchor="middle" font-family="sans-serif" fill="#0f172a">Day ${post.day}</text></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
  const stored = await ingestUpload({
    storage: target.storage,
    source: Readable.from([image]),
    declaredType: 'image/jpeg',
    keyPrefix: `u/${target.memberId}/${post.id}`,
    kind: 'media',
    ffmpeg: target.ffmpegPath,
  });
  await target.database.db.insert(postMedia).values({
    postId: post.id,
    storagePath: stored.key,
    mediaType: stored.mediaType,
    mimeType: stored.mimeType,
    sortIndex: 0,
    sizeBytes: stored.sizeBytes,
  });
}
