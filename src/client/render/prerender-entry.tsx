// Build-time only (render/README.md): renders the manifest's `prerendered` pages (src/shared/pages.ts)
// to HTML in Node, through a Vite SSR build (`npm run build` → scripts/prerender.mjs). Never shipped
// to the browser.
import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INVITE_FREE_MONTHS } from '@shared/constants';
import type { InviteCheckResponse } from '@shared/api-types';
import { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN } from '@shared/invite-page';
import { PAGES, type PageEntry, type PageLoad, pagePath } from '@shared/pages';
import { AppProviders } from '@client/app/providers';
import { queryKeys } from '@client/lib/query-keys';
import { FullPageSpinner } from '@client/components/layout/full-page-spinner';
import { msg } from '@shared/messages';
import { DEFAULT_LOCALE, type Locale } from '@shared/i18n/locales';
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import es from '../../locales/es.json';
import de from '../../locales/de.json';

export { LOCALES, localizedPageFile } from '@shared/i18n/locales';

// Every page is written once per locale (decision 0120): the build speaks each in turn. English is
// registered by messages.ts.
registerCatalogue('es', es);
registerCatalogue('de', de);
let renderLocale: Locale = DEFAULT_LOCALE;
setLocaleSource(() => renderLocale);

export { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN };
export { LEGAL_TEXT_PLACEHOLDER } from '@shared/legal';
export {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
  PAGES,
  pageChain,
} from '@shared/pages';

export interface PrerenderPage {
  /** The file name under dist/pages/ (without .html). */
  name: string;
  /** The address the page is rendered at (the invite pages with a well-formed placeholder token). */
  url: string;
  /** The route pattern, as in the manifest. */
  pattern: string;
  Component: ComponentType;
  /** The source of the route module: its built chunk is preloaded where the app loads at once. */
  module: string;
  /**
   * How the page gets the app: `none`, only links and text, no script at all; `intent`, the app
   * loads on the visitor's first intent (boot.ts), and `<name>-eager.html` is the same page loading
   * it at once; `eager`, at once.
   */
  load: PageLoad;
  /** Query answers the page is rendered with (the invite page's two states). */
  queries?: Array<[readonly unknown[], unknown]>;
}

const inviteAnswer = (answer: InviteCheckResponse): Array<[readonly unknown[], unknown]> => [
  [queryKeys.invites.check(INVITE_PAGE_TOKEN), answer],
];

// Route modules only: a test beside them (`*.test.tsx`) would run its suite at build time.
const routeModules = import.meta.glob<Record<string, ComponentType>>(
  ['../app/routes/**/*.tsx', '!**/*.test.tsx'],
  { eager: true },
);
const component = (module: string, name: string): ComponentType => {
  const found = routeModules[`../app/routes/${module}.tsx`]?.[name];
  if (!found) throw new Error(`prerender: app/routes/${module}.tsx exports no ${name}`);
  return found;
};

/** A manifest entry as the page(s) the build writes for it. */
function prerenderPages(entry: PageEntry): PrerenderPage[] {
  const page: PrerenderPage = {
    name: entry.name,
    url: entry.path === '*' ? '/404' : entry.path,
    pattern: entry.path,
    Component: component(entry.module, entry.component),
    module: `app/routes/${entry.module}.tsx`,
    load: entry.load ?? 'none',
  };
  if (entry.name === 'invite') {
    const url = pagePath('invite', { token: INVITE_PAGE_TOKEN });
    return [
      // A valid invite, with placeholders for the inviter's name and the token that the server fills
      // in (escaped) once it has checked the token: no script.
      {
        ...page,
        name: 'invite-valid',
        url,
        queries: inviteAnswer({
          ok: true,
          inviterName: INVITE_PAGE_INVITER,
          monthsFree: INVITE_FREE_MONTHS,
          reason: null,
        }),
      },
      // Unknown, expired or used: the same for every token, and names nobody. No script.
      {
        ...page,
        name: 'invite-invalid',
        url,
        queries: inviteAnswer({ ok: false, inviterName: null, monthsFree: 0, reason: 'not_found' }),
      },
      // When the server could not check the token (too many checks, or a failure): the app checks it
      // in the browser, from the "checking" state, which names nobody.
      {
        ...page,
        name: 'invite-check',
        url: pagePath('invite', { token: 'prerendered-invite-token' }),
        load: 'eager',
      },
    ];
  }
  if (entry.serverOnly)
    // The legal pages (decision 0037): each has a `-custom` template with a placeholder where the
    // server puts the operator's own text (TERMS_FILE, ...; src/server/render/legal-pages.ts).
    return [
      page,
      {
        ...page,
        name: `${entry.name}-custom`,
        Component: component(entry.module, entry.component.replace(/Route$/, 'Template')),
      },
    ];
  return [page];
}

export const pages: PrerenderPage[] = PAGES.filter((entry) => entry.kind === 'prerendered').flatMap(
  prerenderPages,
);

/**
 * The page's markup for <div id="root">, and the <title> it asks for (React hoists it in the
 * browser), in `locale`.
 */
export function render(
  page: PrerenderPage,
  locale: Locale,
): { html: string; title: string | undefined } {
  renderLocale = locale;
  const { Component } = page;
  const screen = (
    <StaticRouter location={page.url}>
      <Routes>
        <Route path={page.pattern} element={<Component />} />
      </Routes>
    </StaticRouter>
  );
  let tree;
  if (page.load === 'none') {
    // No script: no notification region that nothing would ever fill; the answers it shows, if any.
    const client = new QueryClient();
    for (const [key, data] of page.queries ?? []) client.setQueryData(key, data);
    tree = <QueryClientProvider client={client}>{screen}</QueryClientProvider>;
  } else {
    tree = <AppProviders>{screen}</AppProviders>;
  }
  let html = renderToString(<StrictMode>{tree}</StrictMode>);
  let title: string | undefined;
  html = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}

/**
 * What the member shells show until the app has run: the guard's own first screen ('Loading...'),
 * so the browser paints at once and the app's first render looks the same.
 */
export function renderMemberShellPlaceholder(locale: Locale): string {
  renderLocale = locale;
  return renderToString(<FullPageSpinner label={msg.loading} />);
}
