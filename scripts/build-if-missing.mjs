// `npm start` on a fresh clone: build the front end once, then reuse it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync(new URL('../dist/client/index.html', import.meta.url))) {
  console.log('No front-end build found: building it once (npm run build)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
