import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import de from '../../locales/de.json';
import { registerCatalogue } from '@shared/i18n/translate';
import { profiles } from '../db/schema';
import { forgetSessions } from '../lib/session-cache';
import { setUpTestApp, type TestMember } from '../testing/test-app';
import { databaseLabel } from '../testing/test-database';

// es.json and de.json are English until translated: the test marks one message in each, so what
// comes back names the locale it was written in.
const SPANISH = 'Este equipo no existe, o no estás en él.';
const GERMAN = 'Diese Crew gibt es nicht, oder du bist nicht in ihr.';
beforeAll(() => {
  registerCatalogue('es', { ...es, crewNotFound: SPANISH });
  registerCatalogue('de', { ...de, crewNotFound: GERMAN });
});
afterAll(() => {
  registerCatalogue('es', es);
  registerCatalogue('de', de);
});

const t = setUpTestApp();
const NO_CREW = '/api/crews/00000000-0000-4000-8000-000000000000';

async function messageFor(member: TestMember, headers: Record<string, string>) {
  const res = await member.client.request(NO_CREW, { headers });
  expect(res.status).toBe(404);
  return ((await res.json()) as { message: string }).message;
}

async function setLanguage(userId: string, language: string | null) {
  await t.database.db.update(profiles).set({ language }).where(eq(profiles.id, userId));
  await forgetSessions(t.deps);
}

describe(`the request's locale (${databaseLabel})`, () => {
  it('follows Accept-Language, then the sd_lang cookie, for a member without a setting', async () => {
    const member = await t.member();
    // Sign-up stores the browser's language; an account from before issue 47 has none.
    await setLanguage(member.userId, null);
    expect(await messageFor(member, { 'accept-language': 'es-ES,es;q=0.9' })).toBe(SPANISH);
    expect(await messageFor(member, { 'accept-language': 'de-DE' })).toBe(GERMAN);
    expect(await messageFor(member, { 'accept-language': 'fr-FR' })).toBe(en.crewNotFound);
    expect(await messageFor(member, {})).toBe(en.crewNotFound);
    member.client.cookies.set('sd_lang', 'de');
    expect(await messageFor(member, { 'accept-language': 'es-ES' })).toBe(GERMAN);
    // A forged value is not a language: the header decides (threat #119).
    member.client.cookies.set('sd_lang', 'xx');
    expect(await messageFor(member, { 'accept-language': 'es-ES' })).toBe(SPANISH);
  });

  it("gives a member their own setting whatever the browser's header says", async () => {
    const member = await t.member();
    await setLanguage(member.userId, 'en');
    expect(await messageFor(member, { 'accept-language': 'es-ES,es;q=0.9' })).toBe(en.crewNotFound);
    await setLanguage(member.userId, 'de');
    expect(await messageFor(member, { 'accept-language': 'es-ES,es;q=0.9' })).toBe(GERMAN);
  });

  it('reads a 100 KB Accept-Language as English, not as an error', async () => {
    const member = await t.member();
    const header = `${'x-bogus;q=0.1,'.repeat(7_200)}es`;
    expect(header.length).toBeGreaterThan(100_000);
    expect(await messageFor(member, { 'accept-language': header })).toBe(en.crewNotFound);
  });
});
