// The catalogues and the one function that reads them (decision 0116). A catalogue maps an id
// (msg's key path, 'admin.users.title') to an ICU MessageFormat message: a string on the server,
// which parses it once on first use, or the parser's AST in the browser, built at build time by
// the catalogue plugin (scripts/vite-catalogues.ts), so nothing parses ICU there. Tags (`<b>…</b>`)
// are ICU syntax as in FormatJS: only a rich message (localize.ts) has any, and a literal '<'
// before a letter is quoted ('<'token>).

import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, type Locale } from './locales';

export type Catalogue = Readonly<Record<string, string | MessageFormatElement[]>>;
/** What a message's placeholders are filled with. */
export type Values = Readonly<Record<string, string | number>>;
/** What a rich message's tags become: each wraps its content (`chunks`) into one T. */
export type RichTags<Tag extends string, T> = Readonly<
  Record<Tag, (chunks: Array<string | T>) => T>
>;

const catalogues = new Map<Locale, Catalogue>();
// Per locale and id: the formatter, or the finished text of a message without placeholders.
const compiled = new Map<Locale, Map<string, IntlMessageFormat | string>>();
let localeSource: () => Locale = () => DEFAULT_LOCALE;

export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues.set(locale, catalogue);
  compiled.delete(locale);
}

export function hasCatalogue(locale: Locale): boolean {
  return catalogues.has(locale);
}

/**
 * Where "the current locale" comes from: the page's <html lang> in the browser, the request's or
 * the recipient's (AsyncLocalStorage) on the server. Until set: English. Returns the source it
 * replaces, for a renderer that sets its own locale around a render and defers to it otherwise.
 */
export function setLocaleSource(source: () => Locale): () => Locale {
  const previous = localeSource;
  localeSource = source;
  return previous;
}

export function currentLocale(): Locale {
  return localeSource();
}

// One Intl object per locale and options for every message, not one per message (each costs a
// lookup of the locale's data).
function cached<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}
const formatters: Formatters = {
  getNumberFormat: cached(
    (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  ),
  getDateTimeFormat: cached(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
      new Intl.DateTimeFormat(...args),
  ),
  getPluralRules: cached(
    (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
  ),
};

function hasPlaceholder(message: string | MessageFormatElement[]): boolean {
  // An AST of one literal, or a string without a brace, '#' or quote, is its own text.
  if (typeof message === 'string') return /[{}'#<]/.test(message);
  return !(message.length === 0 || (message.length === 1 && message[0].type === 0));
}

function compile(locale: Locale, id: string): IntlMessageFormat | string | undefined {
  let byId = compiled.get(locale);
  if (!byId) compiled.set(locale, (byId = new Map()));
  let entry = byId.get(id);
  if (entry !== undefined) return entry;
  const message = catalogues.get(locale)?.[id];
  if (message === undefined) return undefined;
  entry = hasPlaceholder(message)
    ? new IntlMessageFormat(message, locale, undefined, { formatters })
    : typeof message === 'string'
      ? message
      : message.length === 0
        ? ''
        : (message[0] as { value: string }).value;
  byId.set(id, entry);
  return entry;
}

/**
 * The message `id` in the current locale, its placeholders filled from `values`. A locale that
 * lacks the id (never shipped: npm run check:messages) falls back to English.
 */
export function t(id: string, values?: Values, locale: Locale = localeSource()): string {
  const entry = compileOrEnglish(locale, id);
  if (entry === undefined) return id;
  return typeof entry === 'string' ? entry : String(entry.format(values));
}

function compileOrEnglish(locale: Locale, id: string): IntlMessageFormat | string | undefined {
  return (
    compile(locale, id) ?? (locale === DEFAULT_LOCALE ? undefined : compile(DEFAULT_LOCALE, id))
  );
}

/**
 * A rich message (one whose sentence wraps tags, `<b>Shortcuts</b>`): its parts in order, each
 * tag's content passed through that tag's function. Read through msg (localize.ts: rich()).
 */
export function richParts<Tag extends string, T>(
  id: string,
  values: Values | undefined,
  tags: RichTags<Tag, T>,
  locale: Locale = localeSource(),
): Array<string | T> {
  const entry = compileOrEnglish(locale, id);
  if (entry === undefined) return [id];
  if (typeof entry === 'string') return [entry];
  const parts = entry.format<T>({ ...values, ...tags });
  return Array.isArray(parts) ? parts : [parts];
}
