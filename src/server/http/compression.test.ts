import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compression, negotiateEncoding } from './compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: 'stack days' })) };

function app() {
  const a = new Hono();
  a.use(compression());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ ok: true }));
  a.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  a.get('/file', (c) =>
    c.body('x'.repeat(4096), 200, { 'Content-Type': 'text/plain', 'Content-Length': '4096' }),
  );
  a.get('/range', (c) => c.body('x'.repeat(4096), 206, { 'Content-Type': 'text/plain' }));
  a.get('/cookie', (c) => {
    c.header('Set-Cookie', 'a=1');
    return c.json(big);
  });
  return a;
}

const get = (path: string, encoding?: string) =>
  app().request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('compression', () => {
  it('sends a large JSON answer in Brotli when accepted, with its length and Vary', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('Content-Length')).toBe(String(body.length));
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big);
    expect(body.length).toBeLessThan(JSON.stringify(big).length / 5);
  });

  it('falls back to gzip, and to nothing when no encoding is accepted', async () => {
    const gz = await get('/big', 'gzip');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big);
    const refused = await get('/big', 'br;q=0, gzip;q=0');
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    expect(await refused.json()).toEqual(big);
    expect((await get('/big')).headers.get('Content-Encoding')).toBeNull();
  });

  it('leaves small answers, images, files with a length and partial content alone', async () => {
    for (const path of ['/small', '/image', '/file', '/range']) {
      const res = await get(path, 'br, gzip');
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
    }
    const file = await get('/file', 'br, gzip');
    expect(file.headers.get('Content-Length')).toBe('4096');
    expect((await file.text()).length).toBe(4096);
    expect((await get('/range', 'br')).status).toBe(206);
  });

  it('keeps a cookie once', async () => {
    const res = await get('/cookie', 'br');
    expect(res.headers.getSetCookie()).toEqual(['a=1']);
  });

  it('negotiates with quality values', () => {
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});
