import type { Context } from 'hono';
import { z } from 'zod';
import { msg } from '@shared/messages';
import { AppError } from '../lib/errors';
import { MAX_JSON_BYTES } from './body-limit';

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validates a value with a shared schema; the first message is the error, every field's is in details. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('validation_failed', result.error.issues[0]?.message ?? msg.validation, {
      fields: fieldErrors(result.error),
    });
  }
  return result.data;
}

/**
 * The `:id` of a path that names a row by its uuid. A malformed id (a NUL, a forged string) is refused
 * with the given message before any query, so it is a 4xx and never a database error.
 */
export function uuidPathParam(message: () => string = () => msg.notFound) {
  return z.object({ id: z.uuid({ error: message }) });
}

/**
 * Reads a JSON body and validates it with the shared zod schema the form uses. The size is capped
 * before the body is read, for every /api route (apiBodyLimit in app.ts); the check here only
 * repeats it for a route mounted anywhere else.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new AppError('unsupported_media_type', msg.sendAsJson);
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES)
    throw new AppError('payload_too_large', msg.requestTooLarge);
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : {};
  } catch {
    throw new AppError('bad_request', msg.bodyNotJson);
  }
  return parseWith(schema, value);
}
