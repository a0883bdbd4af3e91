import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockStrategy } from './data-dir-lock';

const LOCK_MODULE = path.resolve(import.meta.dirname, 'data-dir-lock.ts');

/**
 * Another process that tries to lock `dataDir` (at `startAt`, so several can race) and says
 * `locked` (then holds the lock until it is killed) or `refused`.
 */
const CHILD = `
const [, lockModule, dataDir, strategy, startAt] = process.argv;
const { acquireDataDirLock } = await import(lockModule);
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
try {
  await acquireDataDirLock(dataDir, strategy);
  console.log('locked');
  setInterval(() => {}, 60_000);
} catch (error) {
  console.log(error.constructor.name === 'DataDirLockedError' ? 'refused' : 'error ' + error.message);
  process.exit(0);
}
`;

interface Contender {
  child: ChildProcess;
  /** 'locked' or 'refused', once the child has tried. */
  outcome: Promise<string>;
}

const children: ChildProcess[] = [];

function contender(dataDir: string, strategy: LockStrategy, startAt = 0): Contender {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      CHILD,
      LOCK_MODULE,
      dataDir,
      strategy,
      String(startAt),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const outcome = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before answering`)));
  });
  return { child, outcome };
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stackdays-lock-'));
});
afterEach(async () => {
  await Promise.all(children.splice(0).map(kill));
  rmSync(dataDir, { recursive: true, force: true });
});

const lockFile = () => path.join(dataDir, 'stackdays.lock');

for (const strategy of ['socket', 'pidfile'] as const) {
  describe.skipIf(strategy === 'socket' && process.platform !== 'linux')(
    `DATA_DIR lock (${strategy})`,
    () => {
      it('takes over a lock file left by an earlier process with our own pid', async () => {
        // A container restarted after a crash: the new server often gets the dead one's pid.
        writeFileSync(lockFile(), `${process.pid}\nold-container\n`);
        const release = await acquireDataDirLock(dataDir, strategy);
        expect(readFileSync(lockFile(), 'utf8').split('\n')[0]).toBe(String(process.pid));
        release();
      });

      it('refuses while another live process holds it, and takes it once that one is killed', async () => {
        const holder = contender(dataDir, strategy);
        expect(await holder.outcome).toBe('locked');

        const refused = acquireDataDirLock(dataDir, strategy);
        await expect(refused).rejects.toThrow(DataDirLockedError);
        await expect(refused).rejects.toThrow(`pid ${holder.child.pid}`);

        await kill(holder.child); // kill -9: no chance to clean up
        const release = await acquireDataDirLock(dataDir, strategy);
        release();
      });

      it('can be taken again after it is released', async () => {
        const release = await acquireDataDirLock(dataDir, strategy);
        release();
        const again = await acquireDataDirLock(dataDir, strategy);
        again();
      });

      it('of processes starting at the same moment, exactly one wins', async () => {
        const startAt = Date.now() + 2500;
        const racers = Array.from({ length: 4 }, () => contender(dataDir, strategy, startAt));
        const outcomes = await Promise.all(racers.map((r) => r.outcome));
        expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
        expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3);
      });
    },
  );
}

describe.skipIf(process.platform !== 'linux')('DATA_DIR lock (socket), in one process', () => {
  it('two acquisitions at once: exactly one wins', async () => {
    const results = await Promise.allSettled([
      acquireDataDirLock(dataDir, 'socket'),
      acquireDataDirLock(dataDir, 'socket'),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(
      (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason,
    ).toBeInstanceOf(DataDirLockedError);
    (won[0] as PromiseFulfilledResult<() => void>).value();
  });
});
