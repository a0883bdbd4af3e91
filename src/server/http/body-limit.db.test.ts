import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@shared/messages';
import { setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { MAX_JSON_BYTES } from './body-limit';

const MB = 1024 * 1024;
const BODY_BYTES = 100 * MB;
/** 'Flat': the server may not grow by more than a sixth of the body (it grows by about 2 MB). */
const FLAT_BYTES = 16 * MB;

const t = setUpTestApp();
let port: number;
beforeAll(async () => {
  port = await t.listen();
});

interface Answer {
  status: number;
  body: string;
  /** The largest growth of rss and of arrayBuffers seen while the request ran. */
  rssGrowth: number;
  arrayBuffersGrowth: number;
  /** How far the process's high-water mark of resident memory rose (catches a spike between samples). */
  maxRssGrowth: number;
}

/**
 * POSTs `bytes` of JSON-ish filler to the real listening server, produced 64 KB at a time from one
 * buffer (the test itself holds no large body), and watches this process's memory meanwhile.
 */
function post(
  path: string,
  bytes: number,
  mode: 'content-length' | 'chunked',
  method = 'POST',
): Promise<Answer> {
  const chunk = Buffer.alloc(64 * 1024, ' ');
  const before = process.memoryUsage();
  const maxRssBefore = process.resourceUsage().maxRSS * 1024;
  let peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peak = {
      rss: Math.max(peak.rss, now.rss),
      arrayBuffers: Math.max(peak.arrayBuffers, now.arrayBuffers),
    };
  }, 2);
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      headers: {
        'content-type': 'application/json',
        ...(mode === 'content-length' ? { 'content-length': String(bytes) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => {
        clearInterval(sample);
        resolve({
          status: res.statusCode ?? 0,
          body,
          rssGrowth: peak.rss - before.rss,
          arrayBuffersGrowth: peak.arrayBuffers - before.arrayBuffers,
          maxRssGrowth: process.resourceUsage().maxRSS * 1024 - maxRssBefore,
        });
      });
    });
    // The server may close the connection once it has answered and stopped listening to the rest.
    req.on('error', (error) => {
      if (!answered) {
        clearInterval(sample);
        reject(error);
      }
    });
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

describe(`request body limit on a listening server (${databaseLabel})`, () => {
  for (const mode of ['content-length', 'chunked'] as const) {
    it(`answers 100 MB to a public endpoint with 413 and flat memory (${mode})`, async () => {
      const answer = await post('/api/account/sign-up', BODY_BYTES, mode);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'payload_too_large',
        message: msg.requestTooLarge,
        requestId: expect.any(String),
      });
      expect(answer.rssGrowth).toBeLessThan(FLAT_BYTES);
      expect(answer.arrayBuffersGrowth).toBeLessThan(FLAT_BYTES);
      expect(answer.maxRssGrowth).toBeLessThan(FLAT_BYTES);
    });
  }

  for (const mode of ['content-length', 'chunked'] as const) {
    it(`answers a GET sent with 100 MB of body without keeping it (${mode})`, async () => {
      // No route reads a GET's body: it is refused or answered as if absent, never held in memory.
      const answer = await post('/api/checkins/today', BODY_BYTES, mode, 'GET');
      expect([400, 401]).toContain(answer.status);
      expect(answer.maxRssGrowth).toBeLessThan(FLAT_BYTES);
      expect(answer.arrayBuffersGrowth).toBeLessThan(FLAT_BYTES);
    });
  }

  it('still accepts a body at the limit', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/account/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'x'.repeat(MAX_JSON_BYTES - 40) }).padEnd(
        MAX_JSON_BYTES,
        ' ',
      ),
    });
    expect(res.status).toBe(422);
  });

  it('leaves the streaming upload routes to their own limits', async () => {
    const { client } = await t.member();
    const res = await client.request('/api/checkins/00000000-0000-0000-0000-000000000000/media', {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', 'content-length': String(MAX_JSON_BYTES + 1) },
      body: new Uint8Array(MAX_JSON_BYTES + 1),
    });
    expect(res.status).not.toBe(413);
  });
});
