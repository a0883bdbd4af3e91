// Issue 47's check that a screen says only what the catalogue says (the *-in-catalogue tests): with a
// pseudo catalogue (every vowel of every message accented, placeholders and tags kept) in place of a
// language, a word written in a component still reads as plain English and is found.
import { afterAll, beforeAll } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { ReactNode } from 'react';
import en from '../../locales/en.json' with { type: 'json' };
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import { DEFAULT_LOCALE } from '@shared/i18n/locales';

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };
const pseudo = (text: string) =>
  text.replace(/[aeiou]/gi, (c) =>
    c === c.toLowerCase() ? ACCENTED[c] : ACCENTED[c.toLowerCase()].toUpperCase(),
  );

function pseudoAst(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === 0) return { ...element, value: pseudo(element.value) };
    // A rich message's tag (<b>…</b>): its name stays, its words are accented.
    if (element.type === 8) return { ...element, children: pseudoAst(element.children) };
    if ('options' in element) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoAst(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

/** For the file's tests: 'de' stands in for a language whose every sentence differs from English. */
export function speakPseudoCatalogue(): void {
  beforeAll(() => {
    const catalogue = Object.fromEntries(
      Object.entries(en as Record<string, string>).map(([id, message]) => [
        id,
        pseudoAst(parse(message)),
      ]),
    );
    registerCatalogue('de', catalogue);
    setLocaleSource(() => 'de');
  });
  afterAll(() => {
    registerCatalogue('de', {});
    setLocaleSource(() => DEFAULT_LOCALE);
  });
}

/**
 * The text a person reads or hears: the markup's text (its tags too with `keepTags`) and its labels
 * and titles; `data` fills the screen's queries.
 */
export function textOf(
  screen: ReactNode,
  {
    data = [],
    keepTags = false,
  }: { data?: [readonly unknown[], unknown][]; keepTags?: boolean } = {},
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );
  const attributes = [...html.matchAll(/(?:aria-label|title|alt|placeholder)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  return [keepTags ? html : html.replace(/<[^>]*>/g, ' '), ...attributes]
    .join(' ')
    .replace(/&#x27;|&amp;/g, ' ');
}

/** Words of three or more letters with a plain vowel: English the pseudo catalogue did not touch. */
export function englishWords(text: string, allowed: readonly string[] = []): string[] {
  const words = text.match(/[\p{L}]{3,}/gu) ?? [];
  return [...new Set(words.filter((word) => /[aeiou]/i.test(word) && !allowed.includes(word)))];
}
