import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_SCREEN_DATA, MEMBER_SCREEN_MARKUP, MEMBER_SCREEN_TITLE } from '@shared/pages';
import { LOCALES, localizedPageFile, type Locale } from '@shared/i18n/locales';
import { t as translate } from '@shared/i18n/translate';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import de from '../../locales/de.json';
import { createApp } from '../app';
import { profiles } from '../db/schema';
import { cookieHeader, setUpTestApp } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';
import { forgetSessions } from '../lib/session-cache';

// Issue 47, decision 0120: every HTML answer is in the reader's language, in <html lang> and in
// its first paint. The prerendered pages stand in as the build lays them out (one file per page
// and locale, scripts/prerender.mjs), each naming its locale; /app is rendered for the member by
// the real renderer (src/client/render/server-entry.tsx, loaded from source as in
// member-screens.db.test.ts), whose first paint is checked against the catalogues themselves.

const t = setUpTestApp();
let dir: string;
let app: ReturnType<typeof createApp>;

const SERVER_ENTRY = path.resolve(__dirname, '../../client/render/server-entry.tsx');
const PRERENDERED = [
  'landing',
  'pricing',
  'pricing-eager',
  'signin',
  'signin-eager',
  'not-found',
  'invite-valid',
  'invite-invalid',
  'invite-check',
];
/** A built page in `locale`: its lang, and a text naming the file it came from. */
const builtPage = (name: string, locale: Locale) =>
  `<!doctype html><html lang="${locale}"><div id="root" data-prerendered="${name}">${name} in ${locale}</div></html>`;
const servedTemplate = (locale: Locale) =>
  `<!doctype html><html lang="${locale}"><title>${MEMBER_SCREEN_TITLE}</title><div id="root" data-prerendered="member" data-load="intent">${MEMBER_SCREEN_MARKUP}</div>${MEMBER_SCREEN_DATA}</html>`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stackdays-page-locales-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><div id="root"></div>');
  for (const locale of LOCALES) {
    for (const name of [...PRERENDERED, 'app'])
      writeFileSync(
        path.join(dir, 'pages', localizedPageFile(name, locale)),
        builtPage(name, locale),
      );
    writeFileSync(
      path.join(dir, 'pages', localizedPageFile('app-served', locale)),
      servedTemplate(locale),
    );
  }
  writeFileSync(
    path.join(dir, 'ssr', 'server-entry.js'),
    `export * from ${JSON.stringify(SERVER_ENTRY)};`,
  );
  app = createApp({ ...t.deps, clientDir: path.join(dir, 'client') });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => t.resetLimits());

function get(url: string, headers: Record<string, string> = {}) {
  return app.request(
    url,
    { headers: { 'Accept-Encoding': 'identity', ...headers } },
    {
      incoming: { socket: { remoteAddress: '10.66.0.1', remotePort: 50000, remoteFamily: 'IPv4' } },
    },
  );
}

/**
 * /app for a member: a second after the last render, so that the render budget
 * (RENDER_MS_PER_SECOND, spent fast by React's development build here) never sends the shell.
 */
async function renderedApp(headers: Record<string, string>) {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return get('/app', headers);
}

const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

async function member(language: Locale | null) {
  const m = await t.member();
  await t.deps.db.update(profiles).set({ language }).where(eq(profiles.id, m.userId));
  await forgetSessions(t.deps);
  return cookieHeader(m.client.cookies);
}

// React's escaping of text, to find a message in rendered markup.
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
const CATALOGUES: Record<Locale, Record<string, string>> = { en, es, de };
/** A plain message long enough not to be found by chance. */
const plain = (text: string) => text.length >= 8 && !/[{}'#<]/.test(text);

/**
 * The messages of `html` written in English (found in `englishHtml`, the same screen in English)
 * that `locale` translates, with their translation: the first paint must show each translated.
 */
function translatedIn(englishHtml: string, locale: Locale) {
  return Object.entries(CATALOGUES.en)
    .filter(
      ([id, text]) =>
        plain(text) &&
        plain(CATALOGUES[locale][id] ?? '') &&
        CATALOGUES[locale][id] !== text &&
        englishHtml.includes(`>${escaped(text)}<`),
    )
    .map(([id, text]) => ({ id, english: text, translated: translate(id, undefined, locale) }));
}

describe(`pages in the reader's language (${databaseLabel})`, () => {
  it.each([
    ['es-ES,es;q=0.9', 'es'],
    ['de-DE,de;q=0.9,en;q=0.5', 'de'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ] as const)('Accept-Language %s gets every public page in %s', async (header, locale) => {
    const pages = [
      ['/', 'landing', 200],
      ['/pricing', 'pricing', 200],
      ['/pricing?coupon=X', 'pricing-eager', 200],
      ['/signin', 'signin', 200],
      ['/no/such/page', 'not-found', 404],
      ['/invite/unknown-invite-token-1234567890', 'invite-invalid', 404],
    ] as const;
    for (const [url, name, status] of pages) {
      const res = await get(url, header ? { 'Accept-Language': header } : {});
      expect(res.status, url).toBe(status);
      const html = await res.text();
      expect(langOf(html), url).toBe(locale);
      expect(html, url).toContain(`${name} in ${locale}`);
      // A cache keeps one answer per language (threat #120).
      if (!url.startsWith('/invite'))
        expect(res.headers.get('vary'), url).toMatch(/Accept-Language/);
    }
  });

  it('the language menu (sd_lang) beats the browser; a forged value is ignored', async () => {
    const chosen = await get('/pricing', { 'Accept-Language': 'es-ES', cookie: 'sd_lang=de' });
    expect(await chosen.text()).toContain('pricing in de');
    const forged = await get('/pricing', {
      'Accept-Language': 'es-ES',
      cookie: 'sd_lang=../../client/index',
    });
    expect(await forged.text()).toContain('pricing in es');
  });

  it("a member's setting beats the browser on every page, public ones too", async () => {
    const english = await member('en');
    const spanish = await member('es');
    for (const [cookie, header, locale] of [
      [english, 'es-ES,es;q=0.9', 'en'],
      [english, 'de-DE', 'en'],
      [spanish, 'en-US,en;q=0.9', 'es'],
    ] as const) {
      const headers = { cookie, 'Accept-Language': header };
      // With a session cookie the public pages load the app at once (their eager twin).
      expect(await (await get('/pricing', headers)).text()).toContain(`pricing-eager in ${locale}`);
      expect(await (await get('/', headers)).text()).toContain(`landing in ${locale}`);
      // A member screen the server does not render: the member shell of its layout.
      expect(await (await get('/app/settings', headers)).text()).toContain(`app in ${locale}`);
    }
  });

  it('/app, rendered for the member, speaks their language in its first paint', async () => {
    const visitorEnglish = await renderedApp({
      cookie: await member(null),
      'Accept-Language': 'en-US',
    });
    const englishHtml = await visitorEnglish.text();
    expect(englishHtml).toContain('data-prerendered="member"');
    expect(langOf(englishHtml)).toBe('en');
    for (const [setting, header, locale] of [
      [null, 'es-ES,es;q=0.9', 'es'],
      [null, 'de-DE,de;q=0.9', 'de'],
      ['es', 'en-US', 'es'],
      ['en', 'es-ES,es;q=0.9', 'en'],
    ] as const) {
      const res = await renderedApp({ cookie: await member(setting), 'Accept-Language': header });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, `${setting} ${header}`).toContain('data-prerendered="member"');
      expect(langOf(html), `${setting} ${header}`).toBe(locale);
      if (locale === 'en') {
        expect(html).toContain('<main id="main"');
        continue;
      }
      // Every message of the screen that the catalogue translates is shown translated. (Its English
      // may still be there: a text written in a component that happens to equal a message.)
      const messages = translatedIn(englishHtml, locale);
      expect(messages.length, `translated messages on /app in ${locale}`).toBeGreaterThan(0);
      for (const { id, translated } of messages)
        expect(html, id).toContain(`>${escaped(translated)}<`);
    }
  });
});
