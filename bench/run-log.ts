/**
 * Every bench run's whole output, kept (issue 48): `npm run bench` runs itself again as a child whose
 * stdout and stderr go both to the terminal and to bench/runs/<UTC time>.log (ignored by git). The
 * servers the bench starts inherit the child's output, so their lines are in the file too; a strict
 * run that fails leaves its figures behind.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Set in the child: the file its output is written to. */
const CHILD_MARK = 'BENCH_RUN_LOG';

/** The log file of this run, in the child; undefined in the parent (or without a log). */
export const runLogFile = process.env[CHILD_MARK];

function git(args: string[]): string {
  const out = spawnSync('git', args, { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : '?';
}

/** `20261129T012345Z`: sorts by time, no characters a file name could trip on. */
export function runLogName(at: Date): string {
  return `${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')}.log`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * One run at a time: two runs share the server's port and the template's copy, and the second drops
 * the copy under the first (both then fail). The parent holds bench/runs/.running (its pid) while
 * its child runs; a file whose process has ended is taken over. Answers false if another run holds it.
 */
function holdRunLock(dir: URL): boolean {
  const lock = fileURLToPath(new URL('.running', dir));
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      process.on('exit', () => rmSync(lock, { force: true }));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(lock, 'utf8'));
    if (holder > 0 && processAlive(holder)) {
      process.stderr.write(
        `npm run bench: another run (pid ${holder}) is under way; runs share a port and a database, so wait for it (or remove ${lock} if it is gone)\n`,
      );
      return false;
    }
    // Its process has ended: the file is stale.
    rmSync(lock, { force: true });
  }
}

/**
 * In the parent: runs this script again with the same arguments and node flags, its output copied
 * to the terminal and to the run's log file, and answers the child's exit code. In the child: answers
 * null, and the bench runs.
 */
export async function runLogged(): Promise<number | null> {
  if (runLogFile) return null;
  const dir = new URL('./runs/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  if (!holdRunLock(dir)) return 2;
  const started = new Date();
  const file = fileURLToPath(new URL(runLogName(started), dir));
  const out = createWriteStream(file);
  const changed = git(['status', '--short', '--untracked-files=no']);
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_') || name === 'PGOPTIONS')
    .map(([name, value]) => `${name}=${value}`)
    .sort();
  const head = [
    `# npm run bench, started ${started.toISOString()}`,
    `# main at ${git(['rev-parse', '--short', 'HEAD'])}${changed && changed !== '?' ? ` with ${changed.split('\n').length} changed files` : ''}`,
    `# settings: ${settings.length ? settings.join(' ') : '(defaults)'}`,
    '',
  ].join('\n');
  out.write(`${head}\n`);
  process.stdout.write(`${head}# whole output: ${file}\n\n`);

  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [CHILD_MARK]: file },
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    out.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    out.write(chunk);
  });
  // Ctrl-C reaches the whole process group: the child stops its servers and ends; the parent waits
  // for it, so the log has the end of the run.
  const ignore = () => {};
  process.on('SIGINT', ignore);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const code = await new Promise<number>((resolve) =>
    child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
  );
  process.off('SIGINT', ignore);
  const tail = `\n# exit code ${code}, ended ${new Date().toISOString()}; whole output: ${file}\n`;
  process.stdout.write(tail);
  await new Promise<void>((resolve) => out.end(tail, () => resolve()));
  return code;
}
