import { describe, expect, it } from 'vitest';
import { uploadFiles } from './upload-files';

const files = (n: number) =>
  Array.from({ length: n }, (_, i) => new File([`file ${i}`], `f${i}.png`, { type: 'image/png' }));

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('uploadFiles', () => {
  it('never runs more than the allowed number of uploads at once', async () => {
    let running = 0;
    let peak = 0;
    const summary = await uploadFiles(
      files(7),
      async () => {
        running++;
        peak = Math.max(peak, running);
        await tick();
        running--;
      },
      {},
      3,
    );
    expect(peak).toBe(3);
    expect(summary).toEqual({ uploaded: 7, failed: 0 });
  });

  it('reports a failed file by its position and carries on with the others', async () => {
    const failed: number[] = [];
    const uploaded: number[] = [];
    const summary = await uploadFiles(
      files(4),
      async (_file, position) => {
        await tick();
        if (position === 1) throw new Error('too large');
      },
      { onFailed: (p) => failed.push(p), onUploaded: (p) => uploaded.push(p) },
    );
    expect(failed).toEqual([1]);
    expect(uploaded.sort()).toEqual([0, 2, 3]);
    expect(summary).toEqual({ uploaded: 3, failed: 1 });
  });

  it('passes each file its own position, in the chosen order', async () => {
    const seen: [string, number][] = [];
    await uploadFiles(files(3), async (file, position) => {
      seen.push([file.name, position]);
    });
    expect(seen.sort((a, b) => a[1] - b[1])).toEqual([
      ['f0.png', 0],
      ['f1.png', 1],
      ['f2.png', 2],
    ]);
  });

  it('does nothing for no files', async () => {
    expect(await uploadFiles([], async () => {})).toEqual({ uploaded: 0, failed: 0 });
  });
});
