import { describe, expect, it, vi } from 'vitest';
import { msg } from '@shared/messages';
import { ApiError } from './api-client';
import { queryClient } from './query-client';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function run(
  mutationFn: () => Promise<unknown>,
  meta?: { error?: 'deleteUserFailed'; success?: 'userDeleted' },
) {
  return queryClient
    .getMutationCache()
    .build(queryClient, { mutationFn, meta })
    .execute(undefined)
    .catch(() => undefined);
}

describe("the query client's mutation messages (meta)", () => {
  it('shows the success named in meta', async () => {
    toast.success.mockClear();
    await run(async () => ({ ok: true }), { success: 'userDeleted', error: 'deleteUserFailed' });
    expect(toast.success).toHaveBeenCalledWith(msg.userDeleted);
  });

  it("shows the server's reason for a refusal, else the fallback named in meta", async () => {
    toast.error.mockClear();
    await run(() => Promise.reject(new ApiError(409, 'conflict', msg.cannotRevokeSelf)), {
      error: 'deleteUserFailed',
    });
    await run(() => Promise.reject(new TypeError('Failed to fetch')), {
      error: 'deleteUserFailed',
    });
    expect(toast.error.mock.calls).toEqual([[msg.cannotRevokeSelf], [msg.deleteUserFailed]]);
  });

  it('shows nothing for a mutation without meta (its screen speaks for itself)', async () => {
    toast.error.mockClear();
    toast.success.mockClear();
    await run(async () => 1);
    await run(() => Promise.reject(new Error('x')));
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
