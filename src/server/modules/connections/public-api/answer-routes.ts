import { z } from '@hono/zod-openapi';
import { t } from '@shared/i18n/translate';
import '@shared/messages'; // registers English
import { PROBLEM_JSON } from '../../../http/problem';

// What more than one operation of the public API answers: its dates, the numbers a connection sent,
// and the problem details every refusal is written as. The request schemas are the shared ones.

export const localDate = z.iso.date().openapi({ example: '2026-11-25' });
export const instant = z.iso
  .datetime({ offset: true })
  .openapi({ example: '2026-11-25T19:42:00.000Z' });

const Problem = z
  .object({
    type: z.string().openapi({ example: 'about:blank' }),
    title: z.string().openapi({ example: 'Unauthorized' }),
    status: z.int().openapi({ example: 401 }),
    detail: z.string(),
    code: z.string().openapi({ example: 'unauthorized' }),
    // The published API document is in English, the catalogue's source (issue 47).
    message: z.string().openapi({ example: t('apiTokenInvalid', undefined, 'en') }),
    requestId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('Problem', { description: 'An error, as RFC 9457 problem details.' });

export const Activity = z
  .object({
    date: localDate,
    steps: z.int().min(0),
    moveMinutes: z.int().min(0),
    source: z.string().openapi({ example: 'Apple Health' }),
    receivedAt: instant,
  })
  .openapi('Activity', { description: 'The numbers a connection last sent for a day.' });

/** The problem answers an operation lists, one per status. */
export const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Refused',
        content: { [PROBLEM_JSON]: { schema: Problem } },
      },
    ]),
  );

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'No token, or not a live one (revoked tokens stop at once).',
  403: 'The token lacks the scope this operation needs.',
  409: 'The day named is not today in the member’s time zone.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  422: 'A value is missing, negative, too large or not a number.',
  429: 'Too many requests; see Retry-After.',
};

/** A JSON answer of `schema`. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
