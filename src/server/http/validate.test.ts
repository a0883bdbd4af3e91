import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { parseWith, uuidPathParam } from './validate';

describe('uuidPathParam', () => {
  const id = '0b7f3c52-8d4e-4a5b-9c6d-1e2f3a4b5c6d';

  it('passes a uuid through', () => {
    expect(parseWith(uuidPathParam(), { id })).toEqual({ id });
  });

  it.each(['not-a-uuid', `${id}\u0000`, `${id}x`, '', "1' or '1'='1"])(
    'refuses %j before any query, with the route’s message',
    (bad) => {
      expect(() => parseWith(uuidPathParam(), { id: bad })).toThrow(
        expect.objectContaining({ code: 'validation_failed', message: msg.notFound }),
      );
      expect(() =>
        parseWith(
          uuidPathParam(() => msg.postNotAvailable),
          { id: bad },
        ),
      ).toThrow(expect.objectContaining({ message: msg.postNotAvailable }));
    },
  );
});
