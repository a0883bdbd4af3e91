import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from './local-storage';
import { createStorage } from './create-storage';
import { sampleBytes, storageContract } from '../../testing/storage/storage-contract';

let dir: string;
let storage: LocalMediaStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-local-storage-'));
  storage = new LocalMediaStorage(path.join(dir, 'media'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LocalMediaStorage', () => {
  storageContract(() => storage);

  it('keeps files inside its folder, named by key', async () => {
    await storage.put('u/7/p/a.jpg', sampleBytes(3), { contentType: 'image/jpeg' });
    expect(await readdir(path.join(dir, 'media', 'u', '7', 'p'))).toEqual(['a.jpg']);
    expect(storage.pathFor('u/7/p/a.jpg')).toBe(path.join(dir, 'media', 'u', '7', 'p', 'a.jpg'));
  });

  it('leaves neither a partial file nor a temp file when the upload stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(sampleBytes(1000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(
      storage.put('u/7/p/broken.mp4', failing, { contentType: 'video/mp4' }),
    ).rejects.toThrow('connection reset');
    expect(await storage.stat('u/7/p/broken.mp4')).toBeNull();
    expect(await readdir(path.join(dir, 'media', '.tmp'))).toEqual([]);
  });

  it('refuses a content type its extension would not be served as', async () => {
    await expect(
      storage.put('u/7/p/a.jpg', sampleBytes(3), { contentType: 'text/html' }),
    ).rejects.toThrow(/image\/jpeg/);
  });

  it('does not serve a folder as an object', async () => {
    await mkdir(path.join(dir, 'media', 'u', 'folder.jpg'), { recursive: true });
    expect(await storage.stat('u/folder.jpg')).toBeNull();
    expect(await storage.get('u/folder.jpg')).toBeNull();
  });

  it('does not follow a key out through a symlinked or absolute path', async () => {
    await writeFile(path.join(dir, 'secret.jpg'), 'secret');
    await expect(storage.get('../secret.jpg')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(path.join(dir, 'secret.jpg'))).rejects.toThrow(/Invalid storage key/);
  });
});

describe('createStorage', () => {
  it('puts local media under the data folder', () => {
    const local = createStorage({ driver: 'local', dataDir: dir });
    expect(local).toBeInstanceOf(LocalMediaStorage);
    expect((local as LocalMediaStorage).root).toBe(path.join(dir, 'media'));
  });

  it('needs S3 settings for the s3 driver', () => {
    expect(() => createStorage({ driver: 's3', dataDir: dir })).toThrow(/s3 settings/);
  });
});
