/**
 * npm run admin -- grant you@example.com
 * npm run admin -- revoke you@example.com
 *
 * Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR). With PGlite the
 * server must be stopped first: one process per data directory.
 */
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { loadConfigOrExit } from '../src/server/env';
import { setAdmin } from '../src/server/modules/admin/grant-admin';
import { createLogger } from '../src/server/lib/logger';
import { createServices } from '../src/server/services';
import { systemContext } from '../src/server/lib/context';
import { cacheBusFor, type CacheBus } from '../src/server/lib/cache-bus';

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) fail(USAGE);
  if (!email.includes('@')) fail(`"${email}" is not an e-mail address.\n${USAGE}`);

  const config = loadConfigOrExit();

  const database = await openDatabase(
    config.databaseUrl
      ? { driver: 'pg', url: config.databaseUrl, poolSize: 1 }
      : { driver: 'pglite', dataDir: config.dataDir },
  ).catch((error: Error) => fail(`Cannot open the database: ${error.message}`));
  const where = config.databaseUrl
    ? 'the PostgreSQL database in DATABASE_URL'
    : `the database in ${config.dataDir}`;

  let ok: boolean;
  let cacheBus: CacheBus | undefined;
  try {
    await migrateDatabase(database);
    const logger = createLogger(config);
    // Server processes on the same PostgreSQL server forget the member's cached session at once
    // (decision 0030); on the embedded database no server runs beside this command.
    cacheBus = cacheBusFor(config.databaseUrl, database.db, logger);
    const services = createServices({ config, db: database.db, logger, cacheBus });
    // The CLI acts as the system; the change and its audit record commit together.
    const ctx = systemContext(services, 'cli');
    ({ ok } = await setAdmin(ctx, { email, isAdmin: command === 'grant' }));
  } finally {
    await cacheBus?.close();
    await database.close();
  }

  if (!ok)
    fail(`No account with the e-mail ${email} in ${where}. Sign up first, then run this again.`);
  if (command === 'grant') {
    console.log(
      `${email} is now an administrator. The Admin area appears on their next page load.`,
    );
  } else {
    console.log(`${email} is no longer an administrator.`);
    if (config.adminEmails.includes(email.trim().toLowerCase())) {
      console.log(
        'Note: this address is listed in ADMIN_EMAILS, so signing in will make it an administrator again.',
      );
    }
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
