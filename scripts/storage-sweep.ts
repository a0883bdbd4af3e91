/**
 * npm run storage:sweep -- [--remove]
 *
 * Compares every member's folder in storage with the rows that name its objects (decision 0042) and
 * prints the objects no row names (older than an hour) and the keys rows name that storage lacks.
 * With --remove, the orphans are queued for deletion and removed. Rows are never changed. Safe while
 * the servers run (they sweep in report mode once a day themselves).
 */
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { loadConfigOrExit } from '../src/server/env';
import { cacheBusFor } from '../src/server/lib/cache-bus';
import { systemContext } from '../src/server/lib/context';
import { createLogger } from '../src/server/lib/logger';
import { runStorageDeletions } from '../src/server/lib/storage/deletions';
import { sweepStorage } from '../src/server/modules/media/sweep';
import { createServices } from '../src/server/services';

async function main() {
  const { values } = parseArgs({ options: { remove: { type: 'boolean', default: false } } });
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, poolSize: 2 }
      : { driver: 'pglite', dataDir: config.dataDir },
  );
  await migrateDatabase(database);
  const logger = createLogger(config);
  const cacheBus = cacheBusFor(config.databaseUrl, database.db, logger);
  try {
    const ctx = systemContext(createServices({ config, db: database.db, logger, cacheBus }), 'cli');
    const report = await sweepStorage(ctx, { remove: values.remove });
    if (values.remove) await runStorageDeletions(ctx);
    console.log(
      `${report.members} members, ${report.objects} objects: ${report.orphans.length} no row names, ${report.missing.length} missing from storage.`,
    );
    for (const key of report.orphans)
      console.log(`  orphan   ${key}${values.remove ? ' (removed)' : ''}`);
    for (const key of report.missing) console.log(`  missing  ${key}`);
  } finally {
    await cacheBus?.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
