import { createHash, randomBytes } from 'node:crypto';
import { linkSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

const LOCK_FILE = 'stackdays.lock';

export type LockStrategy = 'socket' | 'pidfile';

/**
 * PGlite is a single-process database: two servers on one directory would corrupt it, so the server
 * holds a lock on DATA_DIR for as long as it runs (decision 0012).
 *
 * On Linux the lock is an abstract Unix socket named after the directory's real path: the kernel lets
 * one process listen on a name, and frees it the moment that process dies, however it dies. Nothing
 * is left to go stale, a crashed server restarts at once even with the same pid, and two servers
 * starting together cannot both win. The file `stackdays.lock` only names the holder for the message.
 *
 * Elsewhere (macOS, Windows: development machines) the lock is that file, written whole and linked
 * into place (which fails if one exists); a file naming a dead process, or our own pid (a restart
 * that got the crashed server's pid), is stale and is moved aside by rename, which only one
 * contender can do.
 */
export async function acquireDataDirLock(
  dataDir: string,
  strategy: LockStrategy = process.platform === 'linux' ? 'socket' : 'pidfile',
): Promise<() => void> {
  return strategy === 'socket' ? socketLock(dataDir) : pidFileLock(dataDir);
}

/** The abstract socket name for a directory (Linux only: a leading NUL keeps it off the file system). */
export function lockSocketName(dataDir: string): string {
  const hash = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32);
  return `\0stackdays-data-${hash}`;
}

function lockedError(dataDir: string, holder: string | null): DataDirLockedError {
  return new DataDirLockedError(
    `DATA_DIR ${dataDir} is in use by another StackDays process${holder ? ` (${holder})` : ''}. ` +
      'Stop it, or point DATA_DIR at another directory.',
  );
}

/** "pid 123 on host-a", from the lock file, or null when there is none. */
function describeHolder(lockPath: string): string | null {
  try {
    const [pid, host] = readFileSync(lockPath, 'utf8').split('\n');
    return host ? `pid ${pid} on ${host}` : `pid ${pid}`;
  } catch {
    return null;
  }
}

/** Writes the lock file in one step (temp file + rename), so a reader never sees half of it. */
function writeHolder(lockPath: string): void {
  const temp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${process.pid}\n${hostname()}\n`, { mode: 0o600 });
  renameSync(temp, lockPath);
}

async function socketLock(dataDir: string): Promise<() => void> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const server: Server = createServer((socket) => socket.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(lockSocketName(dataDir), () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw lockedError(dataDir, describeHolder(lockPath));
    throw error;
  }
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  writeHolder(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(lockPath, { force: true });
    server.close();
  };
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // a lock naming us was left by an earlier process with our pid
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function pidFileLock(dataDir: string): Promise<() => void> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written whole under a private name, then linked into place: link fails if a lock exists, and a
    // reader never sees an empty file. The nonce tells two locks by the same pid apart.
    const mine = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(mine, `${process.pid}\n${hostname()}\n${randomBytes(8).toString('hex')}\n`, {
      mode: 0o600,
    });
    try {
      linkSync(mine, lockPath);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(mine, { force: true });
    }
    let stale: string;
    try {
      stale = readFileSync(lockPath, 'utf8');
    } catch {
      continue; // released meanwhile: try again
    }
    const holder = Number.parseInt(stale, 10);
    if (Number.isFinite(holder) && isRunning(holder))
      throw lockedError(dataDir, describeHolder(lockPath));
    // Move the stale file aside: of two processes doing this at once, only one rename finds it.
    const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      renameSync(lockPath, aside);
    } catch {
      continue;
    }
    const moved = readFileSync(aside, 'utf8');
    // Someone else's fresh lock was moved instead of the stale one: put theirs back and stop.
    if (moved !== stale) {
      try {
        linkSync(aside, lockPath);
      } catch {
        // a third process locked meanwhile: its file stands
      }
      rmSync(aside, { force: true });
      throw lockedError(dataDir, describeHolder(lockPath));
    }
    rmSync(aside, { force: true });
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}.`);
}
