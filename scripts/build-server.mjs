// Part of `npm run build` (decision 0028): compiles the server (src/server/index.ts and what it
// imports from src/) into one ES module, dist/server/index.mjs, which `npm start` and the Docker image
// run with plain `node`. Packages stay in node_modules (not bundled); the SQL migrations are copied
// next to the bundle, where db/client.ts looks for them (`./migrations` from the running module).
// Running the compiled file instead of the TypeScript through tsx keeps about 100 MB of memory out of
// every server process and starts faster. Takes about a second.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist/server`;

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}src/server/index.ts`],
  outfile: `${outDir}/index.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  tsconfig: `${root}tsconfig.json`,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Keeps function and class names in stack traces and logs.
  keepNames: true,
});
cpSync(`${root}src/server/db/migrations`, `${outDir}/migrations`, { recursive: true });
