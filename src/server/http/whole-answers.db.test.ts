import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, setUpTestApp } from '../testing/test-app';

/**
 * On the real node server, answers built in memory keep what the middlewares add after the route
 * (no-store unless the route chose, the security headers, Vary) and go out whole with their length,
 * compressed or not. These middlewares write onto the answer's own headers (decision 0027); what that
 * saves is measured by `npm run bench`, not here.
 */
const t = setUpTestApp();
let port: number;
beforeAll(async () => {
  port = await t.listen();
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** A new signed-in member: their test client, and their cookies as a Cookie header. */
async function member() {
  const { client } = await t.member();
  return { client, cookie: cookieHeader(client.cookies) };
}

describe('answers built in memory', () => {
  it('go out with their length, not chunked, and keep the headers added after the route', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
  });

  it('errors too, and a route that says how to cache keeps its own Cache-Control', async () => {
    const missing = await get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'not_found' });
    expect(missing.headers['cache-control']).toBe('no-store');

    const { cookie } = await member();
    const today = await get('/api/checkins/today', { Cookie: cookie });
    expect(today.status).toBe(200);
    expect(today.headers['transfer-encoding']).toBeUndefined();
    expect(today.headers['cache-control']).toBe('no-store');
    const board = await get('/api/community', { Cookie: cookie });
    expect(board.status).toBe(200);
    expect(board.headers['cache-control']).toBe('private, max-age=30');
  });

  it('are compressed, whole and with their length, when the client accepts it', async () => {
    const { client, cookie } = await member();
    const journalMd = 'Stacked another day. '.repeat(90);
    const made = await client.request('/api/checkins', {
      method: 'POST',
      json: {
        movedMinutes: 30,
        steps: 8000,
        proteinTargetHit: true,
        hydrationGoalHit: true,
        journalMd,
      },
    });
    expect(made.status).toBe(201);
    const feed = await get('/api/feed', { Cookie: cookie, 'Accept-Encoding': 'gzip' });
    expect(feed.status).toBe(200);
    expect(feed.headers['content-encoding']).toBe('gzip');
    expect(feed.headers['transfer-encoding']).toBeUndefined();
    const bytes = Buffer.from(feed.body, 'latin1');
    expect(feed.headers['content-length']).toBe(String(bytes.length));
    expect(gunzipSync(bytes).toString()).toContain('Stacked another day.');
    expect(feed.headers['cache-control']).toBe('no-store');
  });
});
