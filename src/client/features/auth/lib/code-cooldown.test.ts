import { describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { ApiError } from '@client/lib/api-client';
import { codeCooldown } from './code-cooldown';

const refused = (details: Record<string, unknown>, status = 429) =>
  new ApiError(status, 'rate_limited', msg.waitBeforeNewCode(20), details, 'req-1');

describe('codeCooldown', () => {
  it('tells how long to wait and whether a live code is already on its way', () => {
    expect(codeCooldown(refused({ retryAfter: 20, codeSent: true }))).toEqual({
      retryAfter: 20,
      codeSent: true,
    });
    expect(codeCooldown(refused({ retryAfter: 3400, codeSent: false }))).toEqual({
      retryAfter: 3400,
      codeSent: false,
    });
  });

  it('counts an older server that does not say codeSent as no code sent, and rounds up', () => {
    expect(codeCooldown(refused({ retryAfter: 4.2 }))).toEqual({ retryAfter: 5, codeSent: false });
  });

  it('is null for anything that is not a cooldown with a wait', () => {
    expect(codeCooldown(refused({}))).toBeNull();
    expect(codeCooldown(refused({ retryAfter: 0 }))).toBeNull();
    expect(codeCooldown(refused({ retryAfter: '20' }))).toBeNull();
    expect(codeCooldown(refused({ retryAfter: 20 }, 400))).toBeNull();
    expect(codeCooldown(new ApiError(500, 'internal', msg.unexpectedError))).toBeNull();
    expect(codeCooldown(new Error('offline'))).toBeNull();
  });
});
