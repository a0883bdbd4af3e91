import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_TEXT_PLACEHOLDER } from '@shared/legal';
import { createApp } from '../app';
import { ConfigError, loadConfig } from '../env';
import { setUpTestApp } from '../testing/test-app';

const t = setUpTestApp();
let dir: string;
let defaults: ReturnType<typeof createApp>;
let custom: ReturnType<typeof createApp>;

// Stand-ins for the prerendered pages (scripts/prerender.mjs): each legal page with its default
// text, and its `-custom` template with the one placeholder paragraph.
const page = (name: string, body: string) =>
  `<!doctype html><title>${name} · StackDays</title><div id="root" data-prerendered="${name}"><main id="main"><h1>${name}</h1><div>${body}</div></main></div>`;
const OPERATOR_TERMS = `# Acme Fitness terms

Be **kind** to each other.

<script>alert('x')</script>

[Call us](javascript:alert(1)) or [mail us](mailto:help@acme.example).
`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-legal-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><div id="root"></div>');
  for (const name of ['terms', 'privacy', 'health-disclaimer']) {
    writeFileSync(path.join(dir, 'pages', `${name}.html`), page(name, `<p>Default ${name}</p>`));
    writeFileSync(
      path.join(dir, 'pages', `${name}-custom.html`),
      page(name, `<p>${LEGAL_TEXT_PLACEHOLDER}</p>`),
    );
  }
  writeFileSync(path.join(dir, 'pages', 'not-found.html'), page('not-found', 'Not found'));
  const clientDir = path.join(dir, 'client');
  defaults = createApp({ ...t.deps, clientDir });
  custom = createApp({
    ...t.deps,
    clientDir,
    config: { ...t.deps.config, legalTexts: { terms: OPERATOR_TERMS } },
  });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const get = (app: ReturnType<typeof createApp>, url: string, encoding = 'identity') =>
  app.request(url, { headers: { 'Accept-Encoding': encoding } });

describe('the legal pages', () => {
  it('serves the terms, privacy and health-disclaimer pages to anyone', async () => {
    for (const name of ['terms', 'privacy', 'health-disclaimer']) {
      const res = await get(defaults, `/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(await res.text()).toContain(`<p>Default ${name}</p>`);
    }
  });

  it('serves the operator’s Markdown in place of the default, without its HTML or unsafe links', async () => {
    const res = await get(custom, '/terms');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Acme Fitness terms</h1>');
    expect(html).toContain('Be <strong>kind</strong> to each other.');
    expect(html).toContain('href="mailto:help@acme.example"');
    expect(html).not.toContain(LEGAL_TEXT_PLACEHOLDER);
    expect(html).not.toContain('Default terms');
    expect(html).not.toMatch(/<script|javascript:/i);
    // The other pages keep their default text.
    expect(await (await get(custom, '/privacy')).text()).toContain('<p>Default privacy</p>');

    const br = await get(custom, '/terms', 'br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
  });

  it('stops the start when a named file cannot be read or is empty, naming the variable', () => {
    const empty = path.join(dir, 'empty.md');
    writeFileSync(empty, '  \n');
    expect(() => loadConfig({ TERMS_FILE: path.join(dir, 'missing.md') })).toThrow(ConfigError);
    expect(() => loadConfig({ PRIVACY_FILE: empty })).toThrow(/PRIVACY_FILE/);
    const file = path.join(dir, 'disclaimer.md');
    writeFileSync(file, '# Ours');
    expect(loadConfig({ HEALTH_DISCLAIMER_FILE: file }).legalTexts).toEqual({
      'health-disclaimer': '# Ours',
    });
  });
});
