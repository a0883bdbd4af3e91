// Behaviour every MediaStorage driver must share; each driver's test file runs it.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import type { MediaStorage } from '../../lib/storage/media-storage';

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Length and hash: comparing large Buffers element by element makes expect() slow. */
export function fingerprint(bytes: Uint8Array): string {
  return `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;
}

export function sampleBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
  return bytes;
}

export function webStreamOf(bytes: Buffer, chunkSize = 1000): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunkSize)));
      offset += chunkSize;
    },
  });
}

const jpeg = { contentType: 'image/jpeg', cacheSeconds: 3600 };

export function storageContract(getStorage: () => MediaStorage): void {
  storesAndReads(getStorage);
  deletesAndLists(getStorage);
  refusesBadKeys(getStorage);
}

/** Writing an object and reading it back: whole, as a range, or only its description. */
function storesAndReads(getStorage: () => MediaStorage): void {
  it('stores a Buffer and reads back the same bytes, type and size', async () => {
    const storage = getStorage();
    const bytes = sampleBytes(5000);
    const put = await storage.put('u/1/p1/a.jpg', bytes, jpeg);
    expect(put.size).toBe(5000);
    const got = await storage.get('u/1/p1/a.jpg');
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/jpeg');
    expect(got!.size).toBe(5000);
    expect(got!.etag).toMatch(/^"[^"]+"$/);
    expect(fingerprint(await readAll(got!.stream))).toBe(fingerprint(bytes));
  });

  it('stores web and Node streams', async () => {
    const storage = getStorage();
    const bytes = sampleBytes(200_000);
    await storage.put('u/1/p1/web.mp4', webStreamOf(bytes), { contentType: 'video/mp4' });
    await storage.put('u/1/p1/node.mp4', Readable.from([bytes.subarray(0, 7), bytes.subarray(7)]), {
      contentType: 'video/mp4',
      contentLength: bytes.length,
    });
    for (const key of ['u/1/p1/web.mp4', 'u/1/p1/node.mp4']) {
      const got = await storage.get(key);
      expect(got!.contentType).toBe('video/mp4');
      expect(fingerprint(await readAll(got!.stream))).toBe(fingerprint(bytes));
    }
  });

  it('reads a byte range and reports the whole size', async () => {
    const storage = getStorage();
    const bytes = sampleBytes(100_000);
    await storage.put('u/1/p1/range.mp4', bytes, { contentType: 'video/mp4' });
    const got = await storage.get('u/1/p1/range.mp4', { start: 70_000, end: 99_999 });
    expect(got!.size).toBe(100_000);
    expect(got!.range).toEqual({ start: 70_000, end: 99_999 });
    expect(fingerprint(await readAll(got!.stream))).toBe(fingerprint(bytes.subarray(70_000)));
    const first = await storage.get('u/1/p1/range.mp4', { start: 0, end: 0 });
    expect(fingerprint(await readAll(first!.stream))).toBe(fingerprint(bytes.subarray(0, 1)));
  });

  it('describes an object without reading it, and answers null for a missing one', async () => {
    const storage = getStorage();
    await storage.put('u/1/p1/stat.jpg', sampleBytes(1234), jpeg);
    const info = await storage.stat('u/1/p1/stat.jpg');
    expect(info).toMatchObject({ size: 1234, contentType: 'image/jpeg' });
    expect(info!.etag).toBe((await storage.get('u/1/p1/stat.jpg'))!.etag);
    expect(await storage.stat('u/1/p1/missing.jpg')).toBeNull();
    expect(await storage.get('u/1/p1/missing.jpg')).toBeNull();
  });
}

/** Deleting one object or a folder, and listing a folder. */
function deletesAndLists(getStorage: () => MediaStorage): void {
  it('deletes one object, and deleting it again is fine', async () => {
    const storage = getStorage();
    await storage.put('u/1/p1/gone.jpg', sampleBytes(10), jpeg);
    await storage.delete('u/1/p1/gone.jpg');
    expect(await storage.stat('u/1/p1/gone.jpg')).toBeNull();
    await expect(storage.delete('u/1/p1/gone.jpg')).resolves.toBeUndefined();
  });

  it('deletes a folder and nothing that merely shares its name as a prefix', async () => {
    const storage = getStorage();
    const keep = ['u/2/p10/a.jpg', 'u/2/p2/a.jpg', 'u/2/p1.jpg'];
    const remove = ['u/2/p1/a.jpg', 'u/2/p1/a.thumb.webp', 'u/2/p1/b.mp4', 'u/2/p1/x/c.jpg'];
    for (const key of [...keep, ...remove]) {
      const type = key.endsWith('.mp4')
        ? 'video/mp4'
        : key.endsWith('.webp')
          ? 'image/webp'
          : 'image/jpeg';
      await storage.put(key, sampleBytes(10), { contentType: type });
    }
    expect(await storage.deletePrefix('u/2/p1')).toBe(remove.length);
    for (const key of remove) expect(await storage.stat(key)).toBeNull();
    for (const key of keep) expect(await storage.stat(key)).not.toBeNull();
    expect(await storage.deletePrefix('u/2/p1/')).toBe(0);
  });

  it('lists the objects inside a folder with when they were written, and nothing beside it', async () => {
    const storage = getStorage();
    const before = Date.now() - 60_000;
    for (const key of ['u/3/p1/a.jpg', 'u/3/p1/x/b.jpg', 'u/3/p10/c.jpg'])
      await storage.put(key, sampleBytes(10), { contentType: 'image/jpeg' });
    const listed = await storage.list('u/3/p1');
    expect(listed.map((e) => e.key).sort()).toEqual(['u/3/p1/a.jpg', 'u/3/p1/x/b.jpg']);
    for (const entry of listed) expect(entry.lastModified.getTime()).toBeGreaterThan(before);
    expect(await storage.list('u/3/none')).toEqual([]);
  });
}

/** Keys that could leave the store's folder or are not plain paths. */
function refusesBadKeys(getStorage: () => MediaStorage): void {
  it('refuses keys that could leave its folder or are not plain paths', async () => {
    const storage = getStorage();
    const bad = [
      '../x.jpg',
      'u/../../x.jpg',
      'u/./x.jpg',
      '/etc/passwd',
      'u//x.jpg',
      'u\\..\\x.jpg',
      'C:/x.jpg',
      '.tmp/x.jpg',
      '',
      'u/x.jpg/',
    ];
    for (const key of bad) {
      await expect(storage.put(key, sampleBytes(1), jpeg), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(storage.deletePrefix('')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('../u')).rejects.toThrow(/Invalid storage key/);
  });
}
