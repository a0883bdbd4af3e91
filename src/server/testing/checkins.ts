import { expect } from 'vitest';
import type { AddMediaResponse, MediaView } from '@shared/api-types';
import type { TestClient } from './test-app';

/** An ordinary day's check-in as the form sends it: numbers and targets, no journal. */
export const dayCheckin = {
  movedMinutes: 30,
  steps: 8000,
  proteinTargetHit: true,
  hydrationGoalHit: false,
};

/** Checks in for today through the API, as the member would; the new check-in (201 expected). */
export async function checkInToday(
  client: TestClient,
  body: object = dayCheckin,
): Promise<{ id: string; postId: string }> {
  const res = await client.request('/api/checkins', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { checkin: { id: string; postId: string } }).checkin;
}

/** Uploads a file as the check-in's first proof; the stored media (201 expected). */
export async function addCheckinMedia(
  client: TestClient,
  checkinId: string,
  body: Buffer,
  type = 'image/png',
): Promise<MediaView> {
  const res = await client.request(`/api/checkins/${checkinId}/media?index=0`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { 'content-type': type },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as AddMediaResponse).media;
}
