/**
 * npm run backup                      -> backups/stackdays-<pg|pglite>-<time>.<dump|tar.gz>
 * npm run backup -- path/to/file      -> that file
 *
 * Backs up the server's database (decision 0080): DATABASE_URL with pg_dump (custom format; safe
 * while the servers run), else the embedded PGlite in DATA_DIR (the server must be stopped: it
 * holds the DATA_DIR lock). Restore with `npm run restore -- <file>`; see the README.
 */
import { loadConfigOrExit } from '../src/server/env';
import { BackupError, backupDatabase } from '../src/server/lib/backup';

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('Usage: npm run backup [-- <file>]');
    process.exit(1);
  }
  const config = loadConfigOrExit();
  const { file, kind } = await backupDatabase(config, args[0]);
  const what =
    kind === 'pg' ? 'the PostgreSQL database in DATABASE_URL' : `the database in ${config.dataDir}`;
  console.log(`Backed up ${what} to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
