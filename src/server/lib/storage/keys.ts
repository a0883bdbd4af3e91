// Object keys are chosen by the server (ingest names every file), so they can be held to a narrow
// shape that is safe as a file path on any disk and as an S3 key without escaping surprises.

const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * Throws unless `key` is a relative, slash-separated path of plain segments: no `..`, no `.`,
 * no leading slash or drive letter, no backslash, no empty or hidden (dot-first) segment.
 * Hidden segments are refused so no key can reach the local driver's `.tmp` folder.
 */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new InvalidKeyError(key);
  }
  for (const segment of key.split('/')) {
    if (!SEGMENT.test(segment)) throw new InvalidKeyError(key);
  }
}

/** A prefix names a folder: `u/42/post-1` and `u/42/post-1/` both mean everything inside it. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  assertValidKey(trimmed);
  return `${trimmed}/`;
}

/**
 * The thumbnail that ingest stores next to an image: `a/b/c.webp` -> `a/b/c.thumb.webp`.
 * The database keeps only the main key, so callers derive the thumbnail key with this.
 */
export function thumbKeyFor(key: string): string {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  const stem = dot > slash ? key.slice(0, dot) : key;
  return `${stem}.thumb.webp`;
}

/** A programming error (keys never come from members), so a plain Error that maps to a 500. */
export class InvalidKeyError extends Error {
  constructor(key: unknown) {
    super(`Invalid storage key: ${JSON.stringify(String(key).slice(0, 100))}`);
    this.name = 'InvalidKeyError';
  }
}
