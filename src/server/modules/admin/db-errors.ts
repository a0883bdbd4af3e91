/**
 * A unique-index violation (SQLSTATE 23505) from either driver. Drizzle may wrap the driver's error,
 * so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (typeof e === 'object' && (e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
