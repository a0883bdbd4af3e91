// The page's language in the browser (issue 47, decision 0120). The server writes every page in one
// locale and says which in <html lang>; the app speaks the same from its first render: it loads that
// locale's catalogue (a chunk of its own, preloaded by the pages that load the app at once, fetched
// by boot.ts beside the app on the others) before it renders. English is in the app already.
//
// The plain app shell (dist/client/index.html, which the service worker answers /app with) is the
// same file for everyone and marks its lang as the device's to choose (`data-lang="device"`): there
// the app speaks the language of the last page this device was sent, kept in localStorage, else the
// browser's. Kept small and free of the app's modules: boot.ts imports it.

import type { Catalogue } from '@shared/i18n/translate';

// Every catalogue but English's, each its own chunk (English is bundled with msg).
const chunks = import.meta.glob<Catalogue>(['../../locales/*.json', '!../../locales/en.json'], {
  import: 'default',
});
const LANGS = ['en', ...Object.keys(chunks).map((file) => /(\w+)\.json$/.exec(file)![1])];
const REMEMBERED = 'stackdays:locale';

const known = (lang: string | null | undefined): string | undefined =>
  lang && LANGS.includes(lang) ? lang : undefined;

function remembered(): string | undefined {
  try {
    return known(localStorage.getItem(REMEMBERED));
  } catch {
    return undefined; // storage refused (a private window): the browser's language
  }
}

/** Keeps `locale` as the one the device's app shell speaks (the next page the worker answers). */
export function rememberPageLocale(locale: string): void {
  try {
    if (known(locale)) localStorage.setItem(REMEMBERED, locale);
  } catch {
    // storage refused: the shell follows the browser's language
  }
}

function browserLocale(): string {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const found = known(tag.toLowerCase().split('-')[0]);
    if (found) return found;
  }
  return 'en';
}

let chosen: string | undefined;

/**
 * The page's locale, one of the catalogues' (else English): its <html lang>, or on the device's app
 * shell the remembered one (then written into <html lang>). Read once: it holds for the page's life.
 */
export function pageLocale(): string {
  if (chosen) return chosen;
  const html = document.documentElement;
  if (html.dataset.lang === 'device') {
    chosen = remembered() ?? browserLocale();
    html.lang = chosen;
    delete html.dataset.lang;
  } else {
    chosen = known(html.lang) ?? 'en';
    rememberPageLocale(chosen);
  }
  return chosen;
}

/**
 * The member's saved language, once their session is read: on the device's app shell, which guessed
 * from the last page this device was sent (the language may have been chosen since on a page that
 * runs no script, like a legal page's footer menu), a different one is remembered and the page loaded
 * again in it. Only when the device keeps it, so a refused storage can never reload in a loop.
 */
export function followMemberLanguage(language: string | undefined): void {
  if (!known(language) || language === pageLocale()) return;
  rememberPageLocale(language!);
  if (remembered() === language) window.location.reload();
}

/** The page's catalogue (its chunk once, however often asked); null for English. */
export function loadPageCatalogue(): Promise<Catalogue | null> {
  const load = chunks[`../../locales/${pageLocale()}.json`];
  return load ? load() : Promise.resolve(null);
}
