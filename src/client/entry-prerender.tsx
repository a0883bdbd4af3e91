// Build-time only (decision 0022): renders the public pages to HTML in Node, through a Vite SSR
// build (`npm run build` → scripts/prerender.mjs). Never shipped to the browser.
import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { INVITE_FREE_MONTHS } from '@shared/constants';
import type { InviteCheckResponse } from '@shared/api-types';
import { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN } from '@shared/invite-page';
import { AppProviders } from './app/providers';
import { LandingRoute } from './app/routes/landing';
import { PricingRoute } from './app/routes/pricing';
import { SignInRoute } from './app/routes/signin';
import { SignUpRoute } from './app/routes/signup';
import { InviteRoute } from './app/routes/invite';
import { NotFoundRoute } from './app/routes/not-found';
import {
  HealthDisclaimerRoute,
  HealthDisclaimerTemplate,
  PrivacyRoute,
  PrivacyTemplate,
  TermsRoute,
  TermsTemplate,
} from './app/routes/legal';
import { queryKeys } from './lib/query-keys';
import { FullPageSpinner } from './components/layout/full-page-spinner';
import { msg } from '@shared/messages';

export { INVITE_PAGE_INVITER, INVITE_PAGE_TOKEN };
export { LEGAL_TEXT_PLACEHOLDER } from '@shared/legal';
export {
  MEMBER_SCREEN_DATA,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_TITLE,
} from '@shared/member-screens';

export interface PrerenderPage {
  /** The file name under dist/pages/ (without .html). */
  name: string;
  /** The address the page is rendered at (the invite pages with a well-formed placeholder token). */
  url: string;
  /** The route pattern, as in app/router.tsx. */
  pattern: string;
  Component: ComponentType;
  /** The source of the route module: its built chunk is preloaded where the app loads at once. */
  module: string;
  /**
   * How the page gets the app: `none`, only links and text, no script at all; `intent`, the app
   * loads on the visitor's first intent (boot.ts), and `<name>-eager.html` is the same page loading
   * it at once; `eager`, at once.
   */
  load: 'none' | 'intent' | 'eager';
  /** Query answers the page is rendered with (the invite page's two states). */
  queries?: Array<[readonly unknown[], unknown]>;
}

const inviteAnswer = (answer: InviteCheckResponse): Array<[readonly unknown[], unknown]> => [
  [queryKeys.invites.check(INVITE_PAGE_TOKEN), answer],
];

export const pages: PrerenderPage[] = [
  {
    name: 'landing',
    url: '/',
    pattern: '/',
    Component: LandingRoute,
    module: 'app/routes/landing.tsx',
    load: 'none',
  },
  {
    name: 'pricing',
    url: '/pricing',
    pattern: '/pricing',
    Component: PricingRoute,
    module: 'app/routes/pricing.tsx',
    load: 'intent',
  },
  {
    name: 'signin',
    url: '/signin',
    pattern: '/signin',
    Component: SignInRoute,
    module: 'app/routes/signin.tsx',
    load: 'intent',
  },
  {
    name: 'signup',
    url: '/signup',
    pattern: '/signup',
    Component: SignUpRoute,
    module: 'app/routes/signup.tsx',
    load: 'intent',
  },
  {
    // A valid invite, with placeholders for the inviter's name and the token that the server fills
    // in (escaped) once it has checked the token: no script.
    name: 'invite-valid',
    url: `/invite/${INVITE_PAGE_TOKEN}`,
    pattern: '/invite/:token',
    Component: InviteRoute,
    module: 'app/routes/invite.tsx',
    load: 'none',
    queries: inviteAnswer({
      ok: true,
      inviterName: INVITE_PAGE_INVITER,
      monthsFree: INVITE_FREE_MONTHS,
      reason: null,
    }),
  },
  {
    // Unknown, expired or used: the same for every token, and names nobody. No script.
    name: 'invite-invalid',
    url: `/invite/${INVITE_PAGE_TOKEN}`,
    pattern: '/invite/:token',
    Component: InviteRoute,
    module: 'app/routes/invite.tsx',
    load: 'none',
    queries: inviteAnswer({ ok: false, inviterName: null, monthsFree: 0, reason: 'not_found' }),
  },
  {
    // When the server could not check the token (too many checks, or a failure): the app checks it
    // in the browser, from the "checking" state, which names nobody.
    name: 'invite-check',
    url: '/invite/prerendered-invite-token',
    pattern: '/invite/:token',
    Component: InviteRoute,
    module: 'app/routes/invite.tsx',
    load: 'eager',
  },
  // The legal pages (decision 0037): no script. Each has a `-custom` template with a placeholder
  // where the server puts the operator's own text (TERMS_FILE, ...; src/server/lib/legal-pages.ts).
  ...(
    [
      ['terms', TermsRoute, TermsTemplate],
      ['privacy', PrivacyRoute, PrivacyTemplate],
      ['health-disclaimer', HealthDisclaimerRoute, HealthDisclaimerTemplate],
    ] as const
  ).flatMap(([name, Page, Template]): PrerenderPage[] => [
    {
      name,
      url: `/${name}`,
      pattern: `/${name}`,
      Component: Page,
      module: 'app/routes/legal.tsx',
      load: 'none',
    },
    {
      name: `${name}-custom`,
      url: `/${name}`,
      pattern: `/${name}`,
      Component: Template,
      module: 'app/routes/legal.tsx',
      load: 'none',
    },
  ]),
  {
    name: 'not-found',
    url: '/404',
    pattern: '*',
    Component: NotFoundRoute,
    module: 'app/routes/not-found.tsx',
    load: 'none',
  },
];

/** The page's markup for <div id="root">, and the <title> it asks for (React hoists it in the browser). */
export function render(page: PrerenderPage): { html: string; title: string | undefined } {
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
export function renderMemberShellPlaceholder(): string {
  return renderToString(<FullPageSpinner label={msg.loading} />);
}
