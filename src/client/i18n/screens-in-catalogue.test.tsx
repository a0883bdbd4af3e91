// Issue 47: a screen says nothing of its own, only what the catalogue says. Rendered with a pseudo
// catalogue (every letter of every message accented, placeholders kept), a screen's text has no
// plain English word left: one written in the component would still read as English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { ReactNode } from 'react';
import en from '../../locales/en.json' with { type: 'json' };
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import { DEFAULT_LOCALE } from '@shared/i18n/locales';
import { PricingRoute } from '@client/app/routes/pricing';
import { CodeSentNotice } from '@client/features/auth/components/code-field';
import { AdminLayoutRoute } from '@client/app/routes/app/admin/layout';

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
};
const pseudo = (text: string) => text.replace(/[aeiouAEIOU]/g, (c) => ACCENTED[c]);

function pseudoAst(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === 0) return { ...element, value: pseudo(element.value) };
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

const catalogue = Object.fromEntries(
  Object.entries(en as Record<string, string>).map(([id, message]) => [
    id,
    pseudoAst(parse(message, { ignoreTag: true })),
  ]),
);

// 'de' stands in for a language whose every sentence differs from English.
beforeAll(() => {
  registerCatalogue('de', catalogue);
  setLocaleSource(() => 'de');
});
afterAll(() => {
  registerCatalogue('de', {});
  setLocaleSource(() => DEFAULT_LOCALE);
});

function textOf(screen: ReactNode, keepTags = false): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
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
function englishWords(text: string, allowed: readonly string[] = []): string[] {
  const words = text.match(/[\p{L}]{3,}/gu) ?? [];
  return [...new Set(words.filter((word) => /[aeiou]/i.test(word) && !allowed.includes(word)))];
}

describe('screens in another language', () => {
  it("the pricing page's content says nothing in English", () => {
    // Its <main>: the footer's legal links and language menu are being moved by the footer's change.
    const main = /<main[\s\S]*<\/main>/.exec(textOf(<PricingRoute />, true))?.[0] ?? '';
    expect(main).not.toBe('');
    // 'und': format.ts joins lists in the page's language, German here.
    expect(englishWords(main.replace(/<[^>]*>/g, ' '), ['StackDays', 'und'])).toEqual([]);
  });

  it("the code step's notice says nothing in English around the address", () => {
    const text = textOf(<CodeSentNotice email="sam@example.test" ifAccount />);
    expect(englishWords(text, ['sam', 'example', 'test'])).toEqual([]);
  });

  it("the admin screens' frame says nothing in English", () => {
    expect(englishWords(textOf(<AdminLayoutRoute />))).toEqual([]);
  });
});
