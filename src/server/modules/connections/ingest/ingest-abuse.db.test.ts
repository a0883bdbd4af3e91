import { describe, expect, it } from 'vitest';
import type { SyncLogResponse } from '@shared/api-types';
import { msg } from '@shared/messages';
import { setUpTestApp } from '../../../testing/test-app';

// Payloads built to break the phone bridges' refusals (issue 45, threat #113).

const t = setUpTestApp();

async function tokenMember() {
  const { client } = await t.member({ timeZone: 'America/Phoenix' });
  const made = await client.request('/api/connections/tokens', {
    method: 'POST',
    json: { name: 'bridge', scopes: ['activity:write'] },
  });
  const { token } = (await made.json()) as { token: string };
  const post = (body: unknown) =>
    t.app.request('/api/v1/ingest/health-auto-export', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const syncLog = async () =>
    ((await (await client.request('/api/connections/deliveries')).json()) as SyncLogResponse)
      .deliveries;
  return { post, syncLog };
}

const withUnit = (units: string) => ({
  data: {
    metrics: [{ name: 'step_count', units, data: [{ qty: 1, date: '2026-11-28 10:00:00 -0700' }] }],
  },
});

describe('a unit no database can hold', () => {
  it.each([
    ['a NUL character', 'c\u0000unt', 'cunt'],
    ['a lone surrogate', '\udc00count', 'count'],
    [
      'a pair cut at the 20th character',
      `${'x'.repeat(19)}\u{1F600}`,
      `${'x'.repeat(19)}\u{1F600}`,
    ],
    ['control and direction characters', 'co\u001bu\u202ent\u0007', 'count'],
  ])(
    '%s: 422 naming the unit without them, and a line in the sync log',
    async (_, units, named) => {
      const m = await tokenMember();
      const res = await m.post(withUnit(units));
      expect(res.status).toBe(422);
      const reason = msg.bridgeUnreadable('data.metrics.0.units', msg.bridgeUnknownUnit(named));
      expect(((await res.json()) as { detail: string }).detail).toBe(reason);
      const [line] = await m.syncLog();
      expect(line.outcome).toBe('refused');
      expect(line.detail.refused?.reason).toBe(reason);
    },
  );
});
