// `npm start`: build the front end when there is none, or when what it is built from changed since
// (a pull, an edit); reuse it otherwise. The server is compiled every time (about a second, decision
// 0028), so what runs is always the source as it is now.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(root, 'dist/client/index.html');
/** What the front-end build reads: a change to any of them makes the build out of date. */
const SOURCES = [
  'src/client',
  'src/shared',
  'scripts/prerender.mjs',
  'scripts/precompress.mjs',
  'vite.config.ts',
  'package-lock.json',
];

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** The newest modification time of a file, or of any file below a folder (0 when absent). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

if (!existsSync(built)) {
  console.log('No front-end build found: building it once (npm run build)...');
  run('npm', ['run', 'build', '--silent']);
} else if (Math.max(...SOURCES.map((s) => newest(path.join(root, s)))) > statSync(built).mtimeMs) {
  console.log('The front end changed since it was built: building it again (npm run build)...');
  run('npm', ['run', 'build', '--silent']);
} else {
  run(process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
}
