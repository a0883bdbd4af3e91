import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startJob } from './jobs';
import { jobRuns } from './metrics';

const logger = pino({ level: 'silent' });
const runs = async (job: string, outcome: string) =>
  (await jobRuns.get()).values.find((v) => v.labels.job === job && v.labels.outcome === outcome)
    ?.value ?? 0;

describe('startJob', () => {
  it('runs one run at a time: a second call joins the run in progress', async () => {
    let calls = 0;
    let finish!: () => void;
    const job = startJob({
      name: 'test-single-flight',
      everyMs: 3_600_000,
      runAtStart: false,
      logger,
      run: () => {
        calls += 1;
        // The first run waits to be let go; later ones end at once.
        return calls === 1 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
      },
    });
    const first = job.runOnce();
    const second = job.runOnce();
    expect(calls).toBe(1);
    finish();
    await Promise.all([first, second]);
    await job.runOnce();
    expect(calls).toBe(2);
    await job.stop();
  });

  it('counts a failed run, and the next run still goes', async () => {
    let fail = true;
    const job = startJob({
      name: 'test-errors',
      everyMs: 3_600_000,
      runAtStart: false,
      logger,
      run: async () => {
        if (fail) throw new Error('boom');
      },
    });
    await job.runOnce();
    fail = false;
    await job.runOnce();
    expect(await runs('test-errors', 'error')).toBe(1);
    expect(await runs('test-errors', 'ok')).toBe(1);
    await job.stop();
  });

  it('stop() tells the run in progress, waits for it and starts no other', async () => {
    let calls = 0;
    let finished = false;
    let seen: AbortSignal | null = null;
    const job = startJob({
      name: 'test-stop',
      everyMs: 5,
      logger,
      run: async (signal) => {
        calls += 1;
        seen = signal;
        await new Promise((r) => setTimeout(r, 50));
        finished = true;
      },
    });
    await job.stop();
    expect(finished).toBe(true);
    expect(seen!.aborted).toBe(true);
    const after = calls;
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toBe(after);
  });
});
