// Issue 47: a sentence that wraps markup or values (rich(), <RichText>) is one message per language,
// so each language puts the links, bold words and values where its own word order wants them, on
// the server (ICU strings) and in the browser (the build's precompiled ASTs) alike.
import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { compileCatalogue } from '../../../scripts/vite-catalogues';
import { localize, rich } from '@shared/i18n/localize';
import { registerCatalogue, setLocaleSource, type Catalogue } from '@shared/i18n/translate';
import { DEFAULT_LOCALE, type Locale } from '@shared/i18n/locales';
import { checkCatalogues } from '@shared/i18n/check-catalogues';
import { msg } from '@shared/messages';
import { CodeSentNotice } from '@client/features/auth/components/code-field';
import { ConnectionRecipes } from '@client/features/connections/components/connection-recipes';
import { RichText } from './rich-text';
import es from '../../locales/es.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const demo = localize({
  richTextTest: {
    accept: rich(['terms', 'privacy']),
    header: rich(['b', 'code'], (token: string) => ({ token })),
  },
});
const catalogues: Record<Locale, Record<string, string>> = {
  en: {
    'richTextTest.accept': 'I accept the <terms>terms</terms> and the <privacy>policy</privacy>',
    'richTextTest.header': 'Header <b>Authorization: <code>Bearer {token}</code></b>.',
  },
  es: {
    'richTextTest.accept': 'Acepto las <terms>condiciones</terms> y la <privacy>política</privacy>',
    'richTextTest.header': 'Encabezado <b>Authorization: <code>Bearer {token}</code></b>.',
  },
  // Another word order: the privacy link first.
  de: {
    'richTextTest.accept':
      'Die <privacy>Datenschutzerklärung</privacy> und die <terms>Bedingungen</terms> akzeptiere ich',
    'richTextTest.header': 'Header <b>Authorization: <code>Bearer {token}</code></b>.',
  },
};

const links = {
  terms: (chunks: ReactNode) => <a href="/terms">{chunks}</a>,
  privacy: (chunks: ReactNode) => <a href="/privacy">{chunks}</a>,
};
const markup = {
  b: (chunks: ReactNode) => <b>{chunks}</b>,
  code: (chunks: ReactNode) => <code>{chunks}</code>,
};

function inLocale(locale: Locale, catalogue: Record<string, unknown>, screen: () => ReactNode) {
  registerCatalogue(locale, catalogue as Catalogue); // strings, or the build's ASTs
  setLocaleSource(() => locale);
  return renderToStaticMarkup(<>{screen()}</>);
}

afterEach(() => {
  setLocaleSource(() => DEFAULT_LOCALE);
  registerCatalogue('es', {});
  registerCatalogue('de', {});
});

describe('<RichText>', () => {
  it("puts each tag's element where the language's sentence has it", () => {
    const accept = () => <RichText text={demo.richTextTest.accept} tags={links} />;
    expect(inLocale('es', catalogues.es, accept)).toBe(
      'Acepto las <a href="/terms">condiciones</a> y la <a href="/privacy">política</a>',
    );
    expect(inLocale('de', catalogues.de, accept)).toBe(
      'Die <a href="/privacy">Datenschutzerklärung</a> und die <a href="/terms">Bedingungen</a> akzeptiere ich',
    );
  });

  it('nests tags and fills values inside them, escaped (and React warns of no missing key)', () => {
    const header = () => <RichText text={demo.richTextTest.header('<abc&>')} tags={markup} />;
    expect(inLocale('es', catalogues.es, header)).toBe(
      'Encabezado <b>Authorization: <code>Bearer &lt;abc&amp;&gt;</code></b>.',
    );
  });

  it("reads the browser's precompiled catalogue (the build's ASTs) the same as the server's strings", () => {
    const both = () => (
      <>
        <RichText text={demo.richTextTest.accept} tags={links} />|
        <RichText text={demo.richTextTest.header('T0K')} tags={markup} />
      </>
    );
    const fromStrings = inLocale('de', catalogues.de, both);
    const fromAst = inLocale('de', compileCatalogue(catalogues.de), both);
    expect(fromAst).toBe(fromStrings);
    expect(fromAst).toContain('<a href="/privacy">Datenschutzerklärung</a>');
  });
});

describe('rich messages in the catalogue check', () => {
  const declared = new Map([['accept', ['terms', 'privacy']]]);
  const en = { accept: catalogues.en['richTextTest.accept'], plain: 'Send <token>' };

  it('fails a translation that drops or renames a tag, and a tag msg does not declare', () => {
    expect(
      checkCatalogues(
        { accept: en.accept },
        { es: { accept: 'Acepto las <terms>condiciones</terms> y la <policy>política</policy>' } },
        ['accept'],
        declared,
      ),
    ).toEqual(['es: accept has placeholders policy:tag, terms:tag, en has privacy:tag, terms:tag']);
    expect(checkCatalogues({ b: 'Open <b>Shortcuts</b>' }, {}, ['b'])).toEqual([
      'en: b has tags b:tag, msg declares none',
    ]);
  });

  it("fails a plain message's bare '<' before a letter, which must be quoted", () => {
    expect(checkCatalogues({ plain: en.plain }, {}, ['plain'])).toEqual([
      'en: plain does not parse: UNCLOSED_TAG',
    ]);
    expect(checkCatalogues({ plain: "Send '<'token>" }, {}, ['plain'])).toEqual([]);
  });
});

describe('screens whose sentences wrap links and values', () => {
  it("the code notice says the address where German's word order puts it", () => {
    const html = inLocale('de', compileCatalogue(de), () => (
      <CodeSentNotice email="sam@example.test" ifAccount />
    ));
    expect(html.replace(/<[^>]*>/g, '')).toBe(
      'Wir haben einen 6-stelligen Code an sam@example.test gesendet, falls es dazu ein StackDays-Konto gibt. Er gilt 10 Minuten lang.',
    );
    expect(html).toContain('<strong class="break-all text-foreground">sam@example.test</strong>');
  });

  it("Connections' set-up steps are all in Spanish, with their bold words, code and token", () => {
    const html = inLocale('es', compileCatalogue(es), () => (
      <ConnectionRecipes origin="https://stackdays.test" token="sd_abc" />
    ));
    expect(html).toContain('Abre <b>Atajos</b>, toca <b>Automatización</b>');
    expect(html).toContain('<code class="break-all">Bearer sd_abc</code>');
    expect(html).toContain(
      '<a class="font-medium text-accent-text underline" href="/api/v1/reference">Referencia de la API</a>',
    );
    const words = html
      .replace(/<(pre|code)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .split(/[^\p{L}]+/u)
      .map((word) => word.toLowerCase());
    const english = new Set(
      'the and your you with for this that have are every after of to is it my'.split(' '),
    );
    expect(words.filter((word) => english.has(word))).toEqual([]);
    expect(msg.connectionRecipes.curlTitle).toBe('Cualquier ordenador: curl');
  });
});
