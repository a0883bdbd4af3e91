/**
 * What the Lighthouse scripts share: seeding the demo data directory they serve, and one signed-in
 * Lighthouse run (mobile preset, performance only) printed as one line with the load average before
 * and after it (lighthouse-compare.ts).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

/**
 * Seeds 30 demo members × 30 days (demo1 with proof photos) into `dataDir` (the embedded database), as
 * the scripts measure them, and the members and crews of a `--histories` file if one is given.
 */
export function seedDemoDataDir(
  dataDir: string,
  stdio: 'inherit' | 'ignore' = 'ignore',
  histories?: string,
): void {
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/seed-demo.ts',
      '--members',
      '30',
      '--days',
      '30',
      '--fast',
      ...(histories ? ['--histories', histories] : []),
    ],
    { stdio, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  if (seeded.status !== 0) throw new Error('seeding the demo members failed');
  // demo1's proof photos on early days and in week 4, so /app/review is measured with photos.
  const photos = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-review-photos.ts'], {
    stdio,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  if (photos.status !== 0) throw new Error('seeding the proof photos failed');
}

const load = () => loadavg()[0]!.toFixed(1);

/**
/** A server of a build under comparison, with the member's session cookie on it. */
export interface SignedInServer {
  name: string;
  url: string;
  cookie: string;
}

/**
 * `rounds` rounds of Lighthouse on every page, alternating between the servers page by page, so that
 * the builds are measured under the same load (LIGHTHOUSE_OUT=dir keeps each report).
 */
export async function alternate(options: {
  chromePort: number;
  servers: readonly SignedInServer[];
  pages: readonly string[];
  rounds: number;
  outDir?: string;
}): Promise<void> {
  const width = Math.max(...options.servers.map((s) => s.name.length));
  for (let round = 1; round <= options.rounds; round += 1) {
    for (const page of options.pages) {
      for (const server of options.servers) {
        await measureSignedIn({
          chromePort: options.chromePort,
          url: server.url + page,
          // The member screens signed in; the public pages as a visitor (no cookie).
          cookie: page.startsWith('/app') ? server.cookie : undefined,
          label: `${server.name.padEnd(width)} ${page.padEnd(10)}`,
          outDir: options.outDir,
          name: `${server.name}${page.replace(/\W+/g, '_')}-${round}`,
        });
      }
    }
  }
}

/**
 * Lighthouse on `url` with the member's `cookie`, in the Chromium listening on `chromePort`; prints
 * `label` with the scores. With `outDir`, keeps the report as `<name>.json` (and, with
 * LIGHTHOUSE_TRACE=1, its trace as `<name>.trace.json`).
 */
async function measureSignedIn(options: {
  chromePort: number;
  url: string;
  cookie: string | undefined;
  label: string;
  outDir?: string;
  name: string;
}): Promise<void> {
  const before = load();
  const started = new Date().toISOString().slice(11, 19);
  const result = await lighthouse(
    options.url,
    {
      port: options.chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${options.url}`);
  const { audits, categories } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  const seconds = (id: string) => `${(value(id) / 1000).toFixed(1)} s`;
  if (options.outDir) {
    const file = path.join(options.outDir, options.name);
    writeFileSync(`${file}.json`, JSON.stringify(result.lhr));
    if (process.env.LIGHTHOUSE_TRACE)
      writeFileSync(
        `${file}.trace.json`,
        JSON.stringify((result.artifacts as { Trace?: unknown }).Trace),
      );
  }
  console.log(
    `${started} load ${before}→${load()}  ${options.label}  ` +
      `perf ${String(Math.round((categories.performance?.score ?? 0) * 100)).padStart(3)}  ` +
      `FCP ${seconds('first-contentful-paint')}  LCP ${seconds('largest-contentful-paint')}  ` +
      `TBT ${Math.round(value('total-blocking-time'))} ms  CLS ${value('cumulative-layout-shift').toFixed(3)}  ` +
      `SI ${seconds('speed-index')}  ${Math.round(value('total-byte-weight') / 1024)} KiB`,
  );
}
