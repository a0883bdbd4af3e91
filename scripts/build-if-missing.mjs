// `npm start`: build the front end once on a fresh clone and reuse it after that; compile the server
// every time (about a second, decision 0028), so what runs is always the source as it is now.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(new URL('../dist/client/index.html', import.meta.url))) {
  console.log('No front-end build found: building it once (npm run build)...');
  run('npm', ['run', 'build', '--silent']);
} else {
  run(process.execPath, [new URL('./build-server.mjs', import.meta.url).pathname]);
}
