import { open, type FileHandle } from 'node:fs/promises';

const WINDOW_BYTES = 16 * 1024;
const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Positional reads and writes on a file through one small read window, so walking the headers of
 * a 200 MB video costs a few kilobytes of memory and, mostly, one read per window.
 */
export class FileWindow {
  private readonly window = Buffer.alloc(WINDOW_BYTES);
  private windowStart = 0;
  private windowLength = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Opens `file` for reading, and for writing too when `writable`; close it when done. */
  static async open(file: string, writable = false): Promise<FileWindow> {
    const handle = await open(file, writable ? 'r+' : 'r');
    try {
      return new FileWindow(handle, (await handle.stat()).size);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Up to `length` (at most 16 KB) bytes at `position`: fewer at the end of the file. A copy. */
  async read(position: number, length: number): Promise<Buffer> {
    if (length > WINDOW_BYTES) throw new RangeError(`read of ${length} bytes is over the window`);
    const inside =
      position >= this.windowStart && position + length <= this.windowStart + this.windowLength;
    if (!inside) {
      const { bytesRead } = await this.handle.read(this.window, 0, WINDOW_BYTES, position);
      this.windowStart = position;
      this.windowLength = bytesRead;
    }
    const from = position - this.windowStart;
    return Buffer.from(this.window.subarray(from, Math.min(from + length, this.windowLength)));
  }

  async write(position: number, bytes: Uint8Array): Promise<void> {
    await this.writeFully(bytes, position);
    this.forget(position, bytes.length);
  }

  /** Overwrites `length` bytes at `position` with zeros, 64 KB at a time. */
  async zero(position: number, length: number): Promise<void> {
    for (let done = 0; done < length;) {
      const chunk = Math.min(ZEROS.length, length - done);
      await this.writeFully(ZEROS.subarray(0, chunk), position + done);
      done += chunk;
    }
    this.forget(position, length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  private async writeFully(bytes: Uint8Array, position: number): Promise<void> {
    for (let done = 0; done < bytes.length;) {
      const { bytesWritten } = await this.handle.write(
        bytes,
        done,
        bytes.length - done,
        position + done,
      );
      done += bytesWritten;
    }
  }

  /** Drops the read window if a write touched it. */
  private forget(position: number, length: number): void {
    const overlaps =
      position < this.windowStart + this.windowLength && position + length > this.windowStart;
    if (overlaps) this.windowLength = 0;
  }
}
