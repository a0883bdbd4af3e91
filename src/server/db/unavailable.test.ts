import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { isDatabaseUnavailable } from './unavailable';

// Which errors mean "the database is away" (503, try again) rather than a fault (500): decision 0041.

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a server going away, a refused or lost connection, and a statement out of time', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      new DrizzleQueryError(
        'select 1',
        [],
        pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      ),
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError(
        '55000',
        'database "x" is not currently accepting connections'.replace(
          'not currently accepting',
          'does not allow',
        ),
      ),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      // As Drizzle wraps it.
      Object.assign(new Error('Failed query: select 1'), { cause: pgError('57P01') }),
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('leaves the request’s own faults and the code’s to their usual answers', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('22P02', 'invalid input syntax for type uuid'),
      pgError('55000', 'cannot do that now'),
      // Storage, mail or Stripe failing on their own sockets is not the database.
      pgError('ECONNRESET', 'read ECONNRESET'),
      Object.assign(new Error('fetch failed'), {
        cause: pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:4569'),
      }),
      new TypeError('x is undefined'),
      null,
      'Connection terminated',
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
