// Sends the offline check-in queue (decision 0023), from a tab ('online', app start) or from the
// service worker (Background Sync). Only one sender runs at a time (Web Lock), and every request
// carries an Idempotency-Key made from the queued check-in's id, so a repeat after a lost answer, a
// second tab or the worker racing a tab still makes exactly one check-in and one copy of each file.

import type { CreateCheckinResponse, SessionResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { checkinMediaUrl } from '../lib/checkin-media-url';
import {
  announce,
  queuedCheckins,
  removeQueued,
  saveQueued,
  withQueueLock,
  type QueuedCheckin,
} from './queue';

/** The connection (or the server) is not there: stop, keep everything, try again later. */
class NotNow extends Error {}

async function call(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new NotNow();
  }
  // The server or a proxy is having a bad moment, or the session must be refreshed: later.
  if (response.status >= 500 || response.status === 429 || response.status === 401)
    throw new NotNow();
  return response;
}

async function reasonOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : msg.unexpectedError;
}

async function sendOne(item: QueuedCheckin): Promise<void> {
  if (!item.checkinId) {
    const response = await call('/api/checkins', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `${item.id}:checkin` },
      body: JSON.stringify({ ...item.input, madeAt: item.madeAt }),
    });
    if (!response.ok) {
      // Refused for good (already checked in that day, waited too long): drop it and say why.
      await removeQueued(item.id);
      announce({ type: 'failed', id: item.id, reason: await reasonOf(response) });
      return;
    }
    const created = (await response.json()) as CreateCheckinResponse;
    item = { ...item, checkinId: created.checkin.id };
    await saveQueued(item);
  }
  const refused: string[] = [];
  for (const [position, file] of item.files.entries()) {
    if (item.uploaded.includes(position)) continue;
    const response = await call(checkinMediaUrl(item.checkinId!, position, file.progressPose), {
      method: 'POST',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'Idempotency-Key': `${item.id}:media:${position}`,
      },
      body: file.blob,
    });
    // 409: that position already holds this file (sent before the key was stored): it is there.
    if (!response.ok && response.status !== 409) {
      refused.push(msg.uploadMediaFailed(position + 1, await reasonOf(response)));
    }
    item = { ...item, uploaded: [...item.uploaded, position] };
    await saveQueued(item);
  }
  await removeQueued(item.id);
  if (refused.length) announce({ type: 'failed', id: item.id, reason: refused.join(' ') });
  announce({ type: 'sent', id: item.id });
}

/**
 * Sends every check-in queued by the member signed in now (another member's wait for them).
 * Resolves true when the queue was worked through, false when the connection is still missing.
 */
export async function sendQueuedCheckins(): Promise<boolean> {
  return withQueueLock(async () => {
    const items = await queuedCheckins();
    if (items.length === 0) return true;
    try {
      const session = await call('/api/account/session', { method: 'GET' });
      const userId = session.ok
        ? ((await session.json()) as SessionResponse).user?.userId
        : undefined;
      for (const item of items) {
        if (item.userId === userId) await sendOne(item);
      }
      return true;
    } catch (error) {
      if (error instanceof NotNow) return false;
      throw error;
    } finally {
      announce({ type: 'changed' });
    }
  });
}
