// Last step of `npm run build` (decision 0022): writes <file>.br (Brotli, quality 11) and <file>.gz
// (gzip, level 9) next to every text file of the build, so the server sends them without
// compressing anything per request. A variant that would not be smaller is not written; images,
// fonts and media are already compressed and are left alone. Source maps are skipped (only devtools
// read them).
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirs = ['dist/client', 'dist/pages'].map((dir) => path.join(root, dir));
const TEXT = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than the lookup costs. */
const MIN_BYTES = 512;

function* files(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const dir of dirs) {
  for (const file of files(dir)) {
    // A rebuild into the same folder: drop stale variants first.
    if (/\.(?:br|gz)$/.test(file)) {
      rmSync(file);
      continue;
    }
  }
  for (const file of files(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    if (br.length < data.length) writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
    count += 1;
    before += data.length;
    afterBr += Math.min(br.length, data.length);
  }
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${count} files: ${kb(before)} → ${kb(afterBr)} with Brotli`);
