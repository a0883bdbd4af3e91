/**
 * npm run restore -- <file> [--force]
 *
 * Restores a backup made by `npm run backup` (decision 0080) into the configured database:
 * a .dump (pg_dump) into DATABASE_URL, a .tar.gz (PGlite) into DATA_DIR. The target must be empty
 * (a new database, a new DATA_DIR) unless --force: then PostgreSQL's objects are replaced, and an
 * existing DATA_DIR/pglite is moved aside (never deleted). Stop the servers first.
 */
import { loadConfigOrExit } from '../src/server/env';
import { BackupError, restoreDatabase } from '../src/server/lib/backup';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error('Usage: npm run restore -- <file> [--force]');
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const { kind, movedAside } = await restoreDatabase(config, files[0], { force });
  if (movedAside) console.log(`Moved the database that was there to ${movedAside}`);
  const where = kind === 'pg' ? 'the PostgreSQL database in DATABASE_URL' : `${config.dataDir}`;
  console.log(`Restored ${files[0]} into ${where}. Start the server: it applies newer migrations.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
