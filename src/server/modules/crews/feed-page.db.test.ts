import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEMBER_SCREEN_DATA, MEMBER_SCREEN_MARKUP, MEMBER_SCREEN_TITLE } from '@shared/pages';
import { createApp } from '../../app';
import { cookieHeader, setUpTestApp } from '../../testing/test-app';

// The feed page rendered on the server (decision 0031) reads the community feed as the member: a
// crew post or an only-me post is in neither its markup nor the answers it carries (decision 0046).
// The renderer is the real one, so the page's markup and its dehydrated answers are both checked.

const t = setUpTestApp();
let dir: string;
let app: ReturnType<typeof createApp>;

const TEMPLATE = `<!doctype html><title>${MEMBER_SCREEN_TITLE}</title><div id="root" data-prerendered="member" data-load="intent">${MEMBER_SCREEN_MARKUP}</div>${MEMBER_SCREEN_DATA}`;
const SERVER_ENTRY = path.resolve(__dirname, '../../../client/render/server-entry.tsx');
// The real renderer (src/client/render/server-entry.tsx), standing where the build's file goes.
const RENDERER = `export * from ${JSON.stringify(SERVER_ENTRY)};`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-crew-feed-page-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'pages', 'app-served.html'), TEMPLATE);
  writeFileSync(path.join(dir, 'ssr', 'server-entry.js'), RENDERER);
  app = createApp({ ...t.deps, clientDir: path.join(dir, 'client') });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

it('leaves crew and only-me posts out of the server-rendered feed page, for members and non-members', async () => {
  const author = await t.member({ displayName: 'Author' });
  const mate = await t.member({ displayName: 'Mate' });
  const outsider = await t.member({ displayName: 'Outsider' });
  const crew = await (
    await author.client.request('/api/crews', { method: 'POST', json: { name: 'Page Crew' } })
  ).json();
  const link = await (
    await author.client.request(`/api/crews/${crew.id}/invite`, { method: 'POST' })
  ).json();
  const token = String(link.url).split('/crews/join/')[1];
  expect(
    (await mate.client.request(`/api/crew-invites/${token}/join`, { method: 'POST' })).status,
  ).toBe(200);
  const checkIn = async (who: typeof author, journalMd: string, audience: unknown) =>
    expect(
      (
        await who.client.request('/api/checkins', {
          method: 'POST',
          json: { movedMinutes: 10, steps: 100, journalMd, audience },
        })
      ).status,
    ).toBe(201);
  await checkIn(author, 'CREW-ONLY-CAPTION', { kind: 'crew', crewId: crew.id });
  await checkIn(mate, 'ONLY-ME-CAPTION', { kind: 'only_me' });
  await checkIn(outsider, 'PUBLIC-CAPTION', { kind: 'community' });

  for (const who of [author, mate, outsider]) {
    const res = await app.request(
      '/app/feed',
      { headers: { cookie: cookieHeader(who.client.cookies), 'Accept-Encoding': 'identity' } },
      {
        incoming: {
          socket: { remoteAddress: '10.77.0.1', remotePort: 50000, remoteFamily: 'IPv4' },
        },
      },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('PUBLIC-CAPTION');
    expect(html).not.toContain('CREW-ONLY-CAPTION');
    expect(html).not.toContain('ONLY-ME-CAPTION');
  }
});
