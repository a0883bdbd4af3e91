// The offline check-in queue (decision 0023): a check-in made without a connection is kept in
// IndexedDB, photos and videos included, until it can be sent. This file runs in the page and in the
// service worker (Background Sync), so it uses nothing but IndexedDB, BroadcastChannel and Web Locks.

import { del, get, set, values } from 'idb-keyval';
import { queueStore as store } from '@client/lib/device-stores';
import type { ProgressPose } from '@shared/constants';
import type { CheckinRequest } from '../api/create-checkin';

export interface QueuedFile {
  name: string;
  type: string;
  blob: Blob;
  /** A progress photo of this pose (issue 46). */
  progressPose?: ProgressPose;
}

export interface QueuedCheckin {
  /** Random, made on the device: the base of every Idempotency-Key this check-in sends. */
  id: string;
  /** The member who made it: it is only ever sent while that member is signed in. */
  userId: string;
  input: CheckinRequest;
  /** When the member pressed Complete Check-in: the server counts it for that local day. */
  madeAt: string;
  /** The local date the device showed as today, for the waiting card. */
  localDate: string;
  files: QueuedFile[];
  /** Set once the server made the check-in; the files then go to it. */
  checkinId?: string;
  /** Positions already stored on the server. */
  uploaded: number[];
}

/** Tells every tab (and the service worker's clients) that the queue changed. */
export const QUEUE_CHANNEL = 'stackdays-checkin-queue';
/** The Web Lock and Background Sync tag: one sender at a time across tabs and the worker. */
export const QUEUE_LOCK = 'stackdays-checkin-queue';

export type QueueEvent =
  | { type: 'changed' }
  | { type: 'sent'; id: string }
  | { type: 'failed'; id: string; reason: string };

const localListeners = new Set<(event: QueueEvent) => void>();

/** Announces a change here and in every other tab. */
export function announce(event: QueueEvent): void {
  for (const listener of localListeners) listener(event);
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Hears queue changes from this tab, other tabs and the service worker. Returns the unsubscribe. */
export function onQueueEvent(listener: (event: QueueEvent) => void): () => void {
  localListeners.add(listener);
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<QueueEvent>) => listener(event.data));
  return () => {
    localListeners.delete(listener);
    channel?.close();
  };
}

/** Runs `task` while holding the queue lock (tabs and the worker take turns); without Web Locks, at once. */
export function withQueueLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(QUEUE_LOCK, () => task()) as Promise<T>;
  }
  return task();
}

export function queuedCheckins(): Promise<QueuedCheckin[]> {
  return values<QueuedCheckin>(store());
}

export async function queuedCheckinFor(userId: string): Promise<QueuedCheckin | null> {
  const all = await queuedCheckins();
  return all.find((item) => item.userId === userId) ?? null;
}

/**
 * Keeps a check-in for later. One per member: a second submit (another tab, a double tap) returns
 * the check-in already waiting instead of queuing another.
 */
export async function enqueueCheckin(
  item: Omit<QueuedCheckin, 'id' | 'uploaded'>,
): Promise<QueuedCheckin> {
  const queued = await withQueueLock(async () => {
    const existing = await queuedCheckinFor(item.userId);
    if (existing) return existing;
    const created: QueuedCheckin = { ...item, id: crypto.randomUUID(), uploaded: [] };
    await set(created.id, created, store());
    return created;
  });
  announce({ type: 'changed' });
  return queued;
}

export async function saveQueued(item: QueuedCheckin): Promise<void> {
  await set(item.id, item, store());
}

export async function removeQueued(id: string): Promise<void> {
  await del(id, store());
}

export async function readQueued(id: string): Promise<QueuedCheckin | undefined> {
  return get<QueuedCheckin>(id, store());
}
