// The server's current locale (issue 47, decisions 0116 and 0118): each request and each message to
// a member runs in an AsyncLocalStorage scope holding its locale, and msg and format.ts read it
// (setLocaleSource). Outside any scope (start-up, logs): English. The server holds every catalogue
// as ICU strings, parsed on first use of each message.

import { AsyncLocalStorage } from 'node:async_hooks';
import es from '../../locales/es.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/i18n/locales';
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import '@shared/messages'; // registers English

registerCatalogue('es', es);
registerCatalogue('de', de);

interface LocaleScope {
  locale: Locale;
}

const scopes = new AsyncLocalStorage<LocaleScope>();
setLocaleSource(() => scopes.getStore()?.locale ?? DEFAULT_LOCALE);

/**
 * Runs `work` in `locale`: every msg and format.ts call inside it, awaited or not, speaks it. Jobs
 * wrap each recipient's message: `runWithLocale(member.language, () => send(...))`. Anything but
 * one of LOCALES (null: never chosen, or a value read from a row) runs in English.
 */
export function runWithLocale<T>(locale: string | null | undefined, work: () => T): T {
  return scopes.run({ locale: isLocale(locale) ? locale : DEFAULT_LOCALE }, work);
}

/**
 * Changes the locale of the scope this runs in: a request starts in its visitor's locale and moves
 * to the member's own setting once the session is read (http/session.ts).
 */
export function setScopeLocale(locale: Locale): void {
  const scope = scopes.getStore();
  if (scope) scope.locale = locale;
}

export function scopeLocale(): Locale {
  return scopes.getStore()?.locale ?? DEFAULT_LOCALE;
}
