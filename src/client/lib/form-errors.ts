import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** The server's messages by field, from a 422 (else undefined). */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  return error instanceof ApiError && error.status === 422 ? error.details.fields : undefined;
}

/**
 * A 422's messages under the form's own fields; the first bad field (in `fields` order, which is the
 * screen's) takes the focus. `fields` are the server's names; `toFormField` maps one to the form's
 * when they differ (the health form's units). Returns the server's messages, so a caller can show one
 * that has no field of its own.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly FieldPath<T>[],
): Record<string, string> | undefined;
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly string[],
  toFormField: (name: string) => FieldPath<T>,
): Record<string, string> | undefined;
export function applyServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly string[],
  toFormField = (name: string) => name as FieldPath<T>,
): Record<string, string> | undefined {
  const messages = serverFieldErrors(error);
  if (!messages) return undefined;
  let focused = false;
  for (const name of fields) {
    const message = messages[name];
    if (!message) continue;
    setError(toFormField(name), { message }, { shouldFocus: !focused });
    focused = true;
  }
  return messages;
}
