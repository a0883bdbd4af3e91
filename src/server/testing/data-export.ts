import { expect } from 'vitest';
import yauzl from 'yauzl';
import type { TestClient } from './test-app';

/** The files of a ZIP archive, by name. */
export async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for (;;) {
    const next = new Promise<yauzl.Entry | null>((resolve, reject) => {
      zip.once('entry', resolve);
      zip.once('end', () => resolve(null));
      zip.once('error', reject);
    });
    zip.readEntry();
    const found = await next;
    zip.removeAllListeners();
    if (!found) break;
    const stream = await zip.openReadStreamPromise(found);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(found.fileName, Buffer.concat(chunks));
  }
  return entries;
}

/** The member's data export, asked for and downloaded as they would: the link, the answer, its files. */
export async function downloadExport(client: TestClient) {
  const link = await client.request('/api/account/export', { method: 'POST', json: {} });
  expect(link.status).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const res = await client.request(url);
  expect(res.status).toBe(200);
  return { url, res, entries: await unzip(Buffer.from(await res.arrayBuffer())) };
}

/** The file of an export whose name ends with `suffix` (the archive keeps them in a dated folder). */
export const exportEntry = (entries: Map<string, Buffer>, suffix: string) =>
  [...entries].find(([name]) => name.endsWith(suffix))?.[1];
