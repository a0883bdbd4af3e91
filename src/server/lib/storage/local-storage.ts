import { randomUUID } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileRangeStream, isBytes, toNodeReadable } from './file-stream';
import { assertValidKey, normalizePrefix } from './keys';
import { contentTypeForKey } from './media-formats';
import { assertRangeInside } from './range';
import type {
  ByteRange,
  MediaBody,
  MediaObject,
  MediaObjectInfo,
  MediaStorage,
  PutOptions,
  StoredObjectEntry,
} from './media-storage';

/**
 * Media in a directory, one file per key. There is no metadata beside the file: the content type
 * comes from the extension (ingest names every file from its sniffed type) and the ETag from size
 * and modification time, which is enough because keys are never reused for other content.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly root: string;
  /** Inside root so the final rename never crosses file systems. Keys cannot reach it (dot segment). */
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  async put(key: string, body: MediaBody, options: PutOptions): Promise<MediaObjectInfo> {
    const target = this.pathFor(key);
    const servedType = contentTypeForKey(key);
    if (servedType !== options.contentType) {
      throw new Error(
        `Local storage serves ${key} as ${servedType}, not ${options.contentType}: name the key by its type`,
      );
    }
    await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = path.join(this.tmpDir, randomUUID());
    try {
      if (isBytes(body)) {
        await writeFile(temp, body, { flag: 'wx' });
      } else {
        await pipeline(toNodeReadable(body), createWriteStream(temp, { flags: 'wx' }));
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return (await this.stat(key))!;
  }

  async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
    const info = await this.stat(key);
    if (!info) return null;
    if (range) assertRangeInside(range, info.size);
    const stream = fileRangeStream(this.pathFor(key), range ?? { start: 0, end: info.size - 1 });
    return { ...info, stream, range };
  }

  async stat(key: string): Promise<MediaObjectInfo | null> {
    try {
      const s = await stat(this.pathFor(key));
      return s.isFile() ? describe(key, s) : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const folder = this.pathFor(normalizePrefix(prefix).slice(0, -1));
    const count = await countFiles(folder);
    await rm(folder, { recursive: true, force: true });
    return count;
  }

  async list(prefix: string): Promise<StoredObjectEntry[]> {
    const folderKey = normalizePrefix(prefix);
    const folder = this.pathFor(folderKey.slice(0, -1));
    const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    const entries: StoredObjectEntry[] = [];
    for (const file of files) {
      if (!file.isFile() || file.name.startsWith('.')) continue; // a write in progress is a dot file
      const full = path.join(file.parentPath, file.name);
      const key = path.relative(this.root, full).split(path.sep).join('/');
      const info = await stat(full).catch(() => null);
      if (info) entries.push({ key, lastModified: info.mtime });
    }
    return entries.sort((a, b) => a.key.localeCompare(b.key));
  }

  /** Resolves a key to a path under root, refusing anything that could escape it. */
  pathFor(key: string): string {
    assertValidKey(key);
    const resolved = path.resolve(this.root, ...key.split('/'));
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Key escapes storage: ${key}`);
    return resolved;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function describe(key: string, s: Stats): MediaObjectInfo {
  return {
    size: s.size,
    contentType: contentTypeForKey(key),
    etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
    lastModified: s.mtime,
  };
}

async function countFiles(dir: string): Promise<number> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).length;
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
}
