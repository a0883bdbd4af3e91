/**
 * The progress-photo collage (issue 46, decision 0111): composing the Day-1-and-Day-N image of two
 * 12-megapixel photos (4000 x 3000 JPEGs with camera noise, about what a phone writes) with sharp,
 * as the share does (modules/progress-photos/collage.ts), one after another in this process.
 * Target: p95 under COLLAGE_P95_BUDGET_MS (1 s). Also timed: two photos as the server stores them
 * (WebP, 1600 px), which is what a member's share composes.
 *
 * `npx tsx bench/collage.ts`, or within `npm run bench` (BENCH_ONLY=collage for this alone).
 * BENCH_COLLAGE_RUNS (30) timed runs after BENCH_COLLAGE_WARMUP (3).
 */
import sharp from 'sharp';
import { COLLAGE_P95_BUDGET_MS } from '../src/shared/constants';
import { composeCollage } from '../src/server/modules/progress-photos/collage';
import { machineLoad, percentile } from './support';

const runs = Number(process.env.BENCH_COLLAGE_RUNS ?? 30);
const warmup = Number(process.env.BENCH_COLLAGE_WARMUP ?? 3);

/** A photo-like JPEG: a colour field with Gaussian noise, which JPEG cannot squeeze away. */
function cameraJpeg(width: number, height: number, mean: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean, sigma: 24 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function timeCompose(label: string, first: Buffer, second: Buffer) {
  for (let i = 0; i < warmup; i++)
    await composeCollage({ image: first, day: 1 }, { image: second, day: 60 });
  const ms: number[] = [];
  let bytes = 0;
  // CPU time of this process (libvips' threads included): what the machine's load does not inflate.
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const collage = await composeCollage({ image: first, day: 1 }, { image: second, day: 60 });
    ms.push(performance.now() - t);
    bytes = collage.image.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / runs;
  ms.sort((a, b) => a - b);
  const [p50, p95] = [50, 95].map((p) => percentile(ms, p));
  console.log(
    `${label.padEnd(34)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms  max ${ms.at(-1)!.toFixed(0).padStart(5)} ms  CPU ${cpuMs.toFixed(0).padStart(4)} ms each  (${runs} runs, collage ${(bytes / 1024).toFixed(0)} KB)`,
  );
  return p95;
}

/** Prints the table and PASS/FAIL; true when the 12-megapixel p95 is within the budget. */
export async function collageBench(): Promise<boolean> {
  console.log(
    `\nCollage: two photos composed side by side (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, concurrency ${sharp.concurrency()})`,
  );
  machineLoad('Before the collage runs');
  const [big1, big2] = await Promise.all([
    cameraJpeg(4000, 3000, 110),
    cameraJpeg(4000, 3000, 150),
  ]);
  console.log(
    `12-megapixel inputs: ${(big1.length / 1e6).toFixed(1)} MB and ${(big2.length / 1e6).toFixed(1)} MB JPEG`,
  );
  const stored = await Promise.all(
    [big1, big2].map((b) =>
      sharp(b).resize(1600, 1600, { fit: 'inside' }).webp({ quality: 82 }).toBuffer(),
    ),
  );
  const p95 = await timeCompose('two 12 MP JPEGs (4000 x 3000)', big1, big2);
  await timeCompose('two stored photos (WebP, 1600 px)', stored[0], stored[1]);
  machineLoad('After the collage runs');
  const passed = p95 < COLLAGE_P95_BUDGET_MS;
  console.log(
    `${passed ? 'PASS' : 'FAIL'} collage of two 12 MP photos: p95 ${p95.toFixed(0)} ms (target < ${COLLAGE_P95_BUDGET_MS} ms)`,
  );
  return passed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  collageBench().then((passed) => {
    if (!passed && process.env.BENCH_STRICT) process.exitCode = 1;
  });
}
