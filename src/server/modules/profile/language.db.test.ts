import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import en from '../../../locales/en.json';
import { t as translate } from '@shared/i18n/translate';
import { msg } from '@shared/messages';
import { profiles } from '../../db/schema';
import { setUpTestApp, type TestClient } from '../../testing/test-app';
import { databaseLabel } from '../../testing/test-database';
import '../../lib/locale'; // registers es and de

// Issue 47: the member's language setting (Profile and the footer's menu), the visitor's menu, the
// language a sign-up stores, and field messages written in the reader's language.

const t = setUpTestApp();
const ORIGIN = 'http://localhost:3000';
const NO_CREW = '/api/crews/00000000-0000-4000-8000-000000000000';
const profile = { displayName: 'Sam Runner', unitPref: 'metric' };
const spanish = (id: keyof typeof en) => translate(id, undefined, 'es');

/** A 404 message: which language the request was answered in. */
async function crewNotFound(client: TestClient, headers: Record<string, string> = {}) {
  const res = await client.request(NO_CREW, { headers });
  expect(res.status).toBe(404);
  return ((await res.json()) as { message: string }).message;
}

async function storedLanguage(userId: string) {
  const [row] = await t.database.db
    .select({ language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.language ?? null;
}

/** The footer's menu: a plain form POST, as a browser sends it. */
function chooseLanguage(
  client: TestClient,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
) {
  return client.request('/api/language', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe(`a member's language (${databaseLabel})`, () => {
  it('is saved from Profile, and beats the browser on the next request', async () => {
    // The test's catalogues must tell the languages apart.
    expect(spanish('crewNotFound')).not.toBe(en.crewNotFound);
    const { client, userId } = await t.member();
    const saved = await client.request('/api/profile', {
      method: 'PUT',
      json: { ...profile, language: 'es' },
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { language: string }).language).toBe('es');
    expect(saved.headers.get('set-cookie')).toMatch(/sd_lang=es;.*HttpOnly/);
    expect(await storedLanguage(userId)).toBe('es');
    // The session held the old language: it is forgotten, so the very next request speaks Spanish.
    expect(await crewNotFound(client, { 'accept-language': 'en-US,en' })).toBe(
      spanish('crewNotFound'),
    );

    await client.request('/api/profile', { method: 'PUT', json: { ...profile, language: 'en' } });
    expect(await crewNotFound(client, { 'accept-language': 'es-ES,es;q=0.9' })).toBe(
      en.crewNotFound,
    );
    // A save without a language leaves it as it is.
    await client.request('/api/profile', { method: 'PUT', json: profile });
    expect(await storedLanguage(userId)).toBe('en');
  });

  it.each([
    ['an unknown language', 'xx'],
    ['a NUL after a real one', 'es\u0000'],
    ['a tag, not one of ours', 'es-ES'],
    ['a number', 7],
    ['60 KB of text', 'e'.repeat(60_000)],
  ])('refuses %s with the field message, storing nothing', async (_label, language) => {
    const { client, userId } = await t.member();
    const res = await client.request('/api/profile', {
      method: 'PUT',
      json: { ...profile, language },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { details: { fields: Record<string, string> } };
    expect(body.details.fields.language).toBe(msg.languageInvalid);
    expect(await storedLanguage(userId)).toBe('en');
  });

  it('refuses a 100 KB body before reading it (the API’s body cap)', async () => {
    const { client } = await t.member();
    const res = await client.request('/api/profile', {
      method: 'PUT',
      json: { ...profile, language: 'x'.repeat(100_000) },
    });
    expect(res.status).toBe(413);
  });

  it('is only ever the asking member’s own', async () => {
    const me = await t.member();
    const other = await t.member();
    await me.client.request('/api/profile', {
      method: 'PUT',
      json: { ...profile, language: 'de' },
    });
    // Nothing in either route names a member: another member's save and menu change only theirs.
    await other.client.request('/api/profile', {
      method: 'PUT',
      json: { ...profile, language: 'es', userId: me.userId, id: me.userId },
    });
    await chooseLanguage(other.client, { language: 'es', userId: me.userId });
    expect(await storedLanguage(me.userId)).toBe('de');
    expect(await storedLanguage(other.userId)).toBe('es');
  });

  it('is saved from the footer’s menu too, and the page comes back', async () => {
    const { client, userId } = await t.member();
    const res = await chooseLanguage(client, { language: 'es', back: '/app/profile?tab=settings' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/app/profile?tab=settings');
    expect(await storedLanguage(userId)).toBe('es');
    expect(await crewNotFound(client, { 'accept-language': 'en' })).toBe(spanish('crewNotFound'));
  });

  it('is set at sign-up from the browser, and kept when it never chose', async () => {
    const email = 'lucia@example.com';
    const client = t.client();
    const headers = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
    const signedUp = await client.request('/api/account/sign-up', {
      method: 'POST',
      headers,
      json: { displayName: 'Lucía', email, password: 'correct horse 1', acceptTerms: true },
    });
    expect(signedUp.status).toBe(201);
    const code = await t.lastCode(email);
    // The code is typed in a browser now saying English: the sign-up's language stands.
    const verified = await client.request('/api/account/verify-email', {
      method: 'POST',
      headers: { 'accept-language': 'en-US' },
      json: { email, code },
    });
    expect(verified.status).toBe(200);
    const { user } = (await (await client.request('/api/account/session')).json()) as {
      user: { userId: string; language?: string };
    };
    expect(user.language).toBe('es');
    expect(await storedLanguage(user.userId)).toBe('es');
    expect(await crewNotFound(client, { 'accept-language': 'de-DE' })).toBe(
      spanish('crewNotFound'),
    );
  });
});

describe(`the footer's language menu for a visitor (${databaseLabel})`, () => {
  it('remembers the language in sd_lang and goes back to the page', async () => {
    const visitor = t.client();
    const res = await chooseLanguage(visitor, { language: 'es', back: '/pricing' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/pricing');
    expect(res.headers.get('set-cookie')).toMatch(/^sd_lang=es; Max-Age=31536000; Path=\//);
    // The cookie beats the browser's header from the next request on.
    const signUp = await visitor.request('/api/account/sign-up', {
      method: 'POST',
      headers: { 'accept-language': 'de-DE' },
      json: { displayName: '' },
    });
    const body = (await signUp.json()) as { details: { fields: Record<string, string> } };
    expect(body.details.fields.displayName).toBe(spanish('fillInDisplayName'));
  });

  it.each([
    ['another host', 'https://evil.example/x'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash address', '/\\evil.example/x'],
    ['no page', undefined],
    ['a script', 'javascript:alert(1)'],
  ])('goes back only to a page of this site, not %s', async (_label, back) => {
    const res = await chooseLanguage(t.client(), {
      language: 'de',
      ...(back === undefined ? {} : { back }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('refuses a language that is not one of ours, setting no cookie', async () => {
    const res = await chooseLanguage(t.client(), { language: 'xx', back: '/' });
    expect(res.status).toBe(422);
    expect(res.headers.get('set-cookie')).toBeNull();
    const body = (await res.json()) as { details: { fields: Record<string, string> } };
    expect(body.details.fields.language).toBe(msg.languageInvalid);
  });

  it("takes Chromium's `Origin: null` from a no-referrer page of ours, and nothing from another site", async () => {
    // An invite page (Referrer-Policy: no-referrer) posts with Origin: null and Sec-Fetch-Site.
    const ours = await chooseLanguage(
      t.client(),
      { language: 'es', back: '/signup' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(ours.status).toBe(303);
    for (const headers of <Record<string, string>[]>[
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await chooseLanguage(t.client(), { language: 'es', back: '/' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe(`field messages in the reader's language (${databaseLabel})`, () => {
  it('answers a shared schema’s 422 in Spanish for Accept-Language: es-ES', async () => {
    const visitor = t.client();
    const res = await visitor.request('/api/account/sign-up', {
      method: 'POST',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      json: { displayName: '', email: 'nadie@example.com', password: 'correct horse 1' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { details: { fields: Record<string, string> } };
    expect(body.details.fields.displayName).toBe(spanish('fillInDisplayName'));
    expect(body.details.fields.displayName).toBe('Escribe tu nombre visible');
    expect(body.details.fields.email).toBeUndefined();
  });

  it('answers a member’s 422 in their setting, whatever the header', async () => {
    const { client } = await t.member();
    await client.request('/api/profile', { method: 'PUT', json: { ...profile, language: 'es' } });
    const res = await client.request('/api/profile', {
      method: 'PUT',
      headers: { 'accept-language': 'en-US' },
      json: { ...profile, displayName: '   ' },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { details: { fields: Record<string, string> } };
    expect(body.details.fields.displayName).toBe('Escribe tu nombre visible');
  });
});
