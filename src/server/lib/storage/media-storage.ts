import type { Readable } from 'node:stream';

/** What can be stored: bytes already in memory, or a Node or web stream of them. */
export type MediaBody = Buffer | Uint8Array | Readable | ReadableStream<Uint8Array>;

export interface PutOptions {
  contentType: string;
  /** Stored as the object's Cache-Control on S3; the local driver leaves caching to serveMedia. */
  cacheSeconds?: number;
  /**
   * Byte length of a streamed body. S3 needs it up front; without it the S3 driver spools the
   * stream to a temporary file first. Ignored for Buffers and by the local driver.
   */
  contentLength?: number;
}

/** Inclusive byte positions, as in `Range: bytes=start-end`; must lie inside the object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaObjectInfo {
  /** Size of the whole object, even when a range was read. */
  size: number;
  contentType: string;
  /** Quoted, ready for an ETag header. */
  etag: string;
  lastModified?: Date;
}

export interface MediaObject extends MediaObjectInfo {
  /** The whole object, or only `range` when one was asked for. Cancel it if you stop reading. */
  stream: ReadableStream<Uint8Array>;
  range?: ByteRange;
}

/** What a presigned download URL makes the store answer with, whatever the object's own headers. */
export interface SignedUrlOptions {
  /** How long the URL works, from the signing time. */
  expiresSeconds: number;
  contentType: string;
  /** `inline`, or `attachment` for anything that is not a known media type. */
  contentDisposition: string;
  cacheControl: string;
}

export interface StoredObjectEntry {
  key: string;
  lastModified: Date;
}

export interface MediaStorage {
  /** Writes the whole object or nothing: a reader never sees half an upload. Overwrites. */
  put(key: string, body: MediaBody, options: PutOptions): Promise<MediaObjectInfo>;
  /** null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  stat(key: string): Promise<MediaObjectInfo | null>;
  /** Does nothing when the object is already gone. */
  delete(key: string): Promise<void>;
  /** Removes every object inside the folder `prefix` (e.g. `u/{userId}/{postId}`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object inside the folder `prefix`, with when it was written (the storage sweep, 0042). */
  list(prefix: string): Promise<StoredObjectEntry[]>;
  /**
   * A URL a browser can GET the object from directly, for a limited time (S3 presigned GET).
   * Drivers without one (local) are always served through the server.
   */
  signedUrl?(key: string, options: SignedUrlOptions): Promise<string>;
}
