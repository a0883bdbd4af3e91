// The languages StackDays speaks (issue 47, decision 0116). Adding one: its catalogue
// src/locales/<locale>.json and its entry here.

import { match } from '@formatjs/intl-localematcher';

export const LOCALES = ['en', 'es', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, for the language menus. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', de: 'Deutsch' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The built HTML file of a page in `locale` (dist/pages, scripts/prerender.mjs): `<name>.html` in
 * English, `<name>.<locale>.html` in the others. Only one of LOCALES ever makes a name (threat #122).
 */
export function localizedPageFile(name: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? `${name}.html` : `${name}.${locale}.html`;
}

// An Accept-Language header is the client's to write: only its first few kilobytes and entries are
// read, so a long one costs no more than a short one (threat #121).
const MAX_HEADER_CHARS = 1024;
const MAX_LANGUAGES = 16;

/** 'es-ES,es;q=0.9,en;q=0.5' → ['es-ES', 'es', 'en'], by quality, without q=0 and malformed tags. */
function parseAcceptLanguage(header: string): string[] {
  const ranked: { tag: string; q: number; at: number }[] = [];
  for (const [at, part] of header
    .slice(0, MAX_HEADER_CHARS)
    .split(',')
    .slice(0, MAX_LANGUAGES)
    .entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag.trim();
    if (!tag || tag === '*') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0 && q <= 1)) continue;
    ranked.push({ tag, q, at });
  }
  return ranked.sort((a, b) => b.q - a.q || a.at - b.at).map((entry) => entry.tag);
}

function canonical(tags: readonly string[]): string[] {
  return tags.flatMap((tag) => {
    try {
      return Intl.getCanonicalLocales(tag);
    } catch {
      return [];
    }
  });
}

/**
 * The best of LOCALES for an Accept-Language header ('es-ES,es;q=0.9') or a browser's list
 * (navigator.languages), else English.
 */
export function matchLocale(accepted: string | readonly string[] | null | undefined): Locale {
  if (!accepted) return DEFAULT_LOCALE;
  const requested = canonical(
    typeof accepted === 'string' ? parseAcceptLanguage(accepted) : accepted.slice(0, MAX_LANGUAGES),
  );
  if (requested.length === 0) return DEFAULT_LOCALE;
  const found = match(requested, LOCALES, DEFAULT_LOCALE, { algorithm: 'best fit' });
  return isLocale(found) ? found : DEFAULT_LOCALE;
}
