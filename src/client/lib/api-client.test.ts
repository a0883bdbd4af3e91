import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@shared/messages';
import { api, ApiError, errorMessage, fieldError, refusalReason } from './api-client';

const FALLBACK = msg.resetCycleFailed;

function answer(status: number, body: unknown, contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(typeof body === 'string' ? body : JSON.stringify(body), {
          status,
          headers: { 'Content-Type': contentType },
        }),
    ),
  );
}

/** What a screen shows for a failed POST, through the same rule every screen uses. */
async function shownFor(fallback: string = FALLBACK): Promise<string> {
  const error = await api.post('/api/cycle/restart').then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  return errorMessage(error, fallback);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what a member reads when a call fails', () => {
  it("shows the server's explanation when it refuses the request (4xx)", async () => {
    answer(429, {
      code: 'rate_limited',
      message: msg.waitBeforeNewCode(12),
      requestId: 'r1',
      details: { retryAfter: 12, codeSent: true },
    });
    expect(await shownFor(msg.sendCodeFailed)).toBe(msg.waitBeforeNewCode(12));

    answer(409, { code: 'conflict', message: msg.trialAlreadyUsed, requestId: 'r2' });
    expect(await shownFor(msg.errorStartingTrial)).toBe(msg.trialAlreadyUsed);
  });

  it("shows the screen's own catalogue message when the server fails (5xx), even with a message", async () => {
    answer(500, { code: 'internal', message: msg.unexpectedError, requestId: 'r3' });
    expect(await shownFor()).toBe(FALLBACK);

    answer(503, { code: 'unavailable', message: msg.couldNotSendInvite, requestId: 'r4' });
    expect(await shownFor(msg.sendInviteFailed)).toBe(msg.sendInviteFailed);
  });

  it('shows the catalogue message when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await shownFor(msg.resendCodeFailed)).toBe(msg.resendCodeFailed);
  });

  it("shows the catalogue message for a proxy's HTML page, whatever its status", async () => {
    answer(502, '<html><body>Bad Gateway</body></html>', 'text/html');
    expect(await shownFor()).toBe(FALLBACK);
    answer(413, '<html><body>Request Entity Too Large</body></html>', 'text/html');
    expect(await shownFor()).toBe(FALLBACK);
  });

  it('keeps what the server said about the refusal for the screen to act on', async () => {
    answer(429, {
      code: 'rate_limited',
      message: msg.waitBeforeNewCode(12),
      requestId: 'r5',
      details: { retryAfter: 12, codeSent: true },
    });
    const error = await api.post('/api/account/send-code').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).details).toEqual({ retryAfter: 12, codeSent: true });
    expect((error as ApiError).requestId).toBe('r5');
  });

  it('names the field a 422 was about', async () => {
    answer(422, {
      code: 'validation_failed',
      message: msg.validation,
      requestId: 'r6',
      details: { fields: { body: msg.commentEmpty } },
    });
    const error = await api.post('/api/posts/p/comments').catch((caught: unknown) => caught);
    expect(fieldError(error, 'body')).toBe(msg.commentEmpty);
    expect(fieldError(error, 'other')).toBeUndefined();
  });

  it('has no refusal to tell for anything but an ApiError with a 4xx', () => {
    expect(refusalReason(new Error('boom'))).toBeUndefined();
    expect(refusalReason(new ApiError(500, 'internal', 'x'))).toBeUndefined();
    expect(refusalReason(new ApiError(404, 'not_found', msg.notFound))).toBe(msg.notFound);
    expect(refusalReason(new ApiError(404, 'http_error', 'x', {}, null, false))).toBeUndefined();
  });
});
