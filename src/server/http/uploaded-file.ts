import type { Context } from 'hono';
import type { AppEnv } from '../lib/deps';
import type { UploadedFile } from '../lib/uploaded-file';

/** The request body as an upload: streamed by the service, never read here. */
export function uploadedFile(c: Context<AppEnv>): UploadedFile {
  const length = c.req.header('content-length');
  return {
    body: c.req.raw.body,
    declaredType: c.req.header('content-type'),
    declaredBytes: length && /^\d+$/.test(length) ? Number(length) : undefined,
  };
}
