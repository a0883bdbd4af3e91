/**
 * The legal pages with the operator's own text (decision 0037). /terms, /privacy and
 * /health-disclaimer are prerendered with StackDays' default text (dist/pages/<name>.html); when
 * TERMS_FILE, PRIVACY_FILE or HEALTH_DISCLAIMER_FILE named a Markdown file (read at start, env.ts),
 * its text goes into the page's prerendered template (`<name>-custom.html`, the same page with one
 * placeholder paragraph) once, compressed once, and is sent from memory. The Markdown is rendered
 * as the default is: GitHub-flavoured, raw HTML dropped, unsafe link protocols removed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { LEGAL_TEXT_PLACEHOLDER, type LegalPageName } from '@shared/legal';
import { exactPage, LEGAL_PAGE_NAMES } from '@shared/pages';
import { DEFAULT_LOCALE, localizedPageFile, type Locale } from '@shared/i18n/locales';

export interface LegalPageBody {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Markdown as the legal pages show it. */
export function legalTextHtml(markdown: string): string {
  return renderToStaticMarkup(
    createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], skipHtml: true }, markdown),
  );
}

/**
 * The operator's pages by path and locale, made on first use (the build may come after the app):
 * the page's headings and links in the reader's language, the operator's text as supplied. A locale
 * whose template was not built gets the English one.
 */
export function customLegalPages(
  pagesDir: string,
  texts: Partial<Record<LegalPageName, string>>,
): (pathname: string, locale: Locale) => LegalPageBody | null {
  const made = new Map<string, LegalPageBody>();
  return (pathname, locale) => {
    const name = LEGAL_PAGE_NAMES.find((legal) => legal === exactPage(pathname)?.name);
    const text = name && texts[name];
    if (!name || text === undefined) return null;
    // Kept per page and locale: one language's page is never another's (threat #122).
    const key = `${name}.${locale}`;
    const known = made.get(key);
    if (known) return known;
    let file = path.join(pagesDir, localizedPageFile(`${name}-custom`, locale));
    if (!existsSync(file))
      file = path.join(pagesDir, localizedPageFile(`${name}-custom`, DEFAULT_LOCALE));
    if (!existsSync(file)) return null;
    const template = readFileSync(file, 'utf8');
    const filled = template.replace(`<p>${LEGAL_TEXT_PLACEHOLDER}</p>`, () => legalTextHtml(text));
    const html = Buffer.from(filled);
    const body = {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
    made.set(key, body);
    return body;
  };
}
