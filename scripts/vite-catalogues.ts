// The browser's catalogues, precompiled (decision 0116): each src/locales/<locale>.json is loaded
// as the ICU parser's AST of every message, so the browser build aliases the parser to its
// no-parser entry and never parses a message. A message that is plain text (no brace, quote, '#'
// or '<') stays a string, which src/shared/i18n/translate.ts returns as it is. Tags (`<b>…</b>`, a
// rich message's) are parsed into the AST like every other element.

import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}(-[A-Z]{2})?\.json$/;
const PLAIN = /^[^{}'#<]*$/;

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([id, message]) => [
      id,
      PLAIN.test(message) ? message : parse(message),
    ]),
  );
}

export function precompiledCatalogues(): Plugin {
  return {
    name: 'stackdays:precompiled-catalogues',
    enforce: 'pre',
    load(id) {
      if (!CATALOGUE.test(id)) return null;
      this.addWatchFile(id);
      return JSON.stringify(compileCatalogue(JSON.parse(readFileSync(id, 'utf8'))));
    },
  };
}

/** The alias that leaves the parser out of the browser's bundle. */
export const noParserAlias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
