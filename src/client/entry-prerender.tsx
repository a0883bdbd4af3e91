// Build-time only (decision 0022): renders the public pages to HTML in Node, through a Vite SSR
// build (`npm run build` → scripts/prerender.mjs). Never shipped to the browser.
import type { ComponentType } from 'react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { LandingRoute } from './app/routes/landing';
import { PricingRoute } from './app/routes/pricing';
import { SignInRoute } from './app/routes/signin';
import { SignUpRoute } from './app/routes/signup';
import { InviteRoute } from './app/routes/invite';
import { NotFoundRoute } from './app/routes/not-found';

export interface PrerenderPage {
  /** The file name under dist/client/pages/ (without .html). */
  name: string;
  /** The address the page is rendered at (the invite page with a well-formed placeholder token). */
  url: string;
  /** The route pattern, as in app/router.tsx. */
  pattern: string;
  Component: ComponentType;
  /** The source of the route module: its built chunk is preloaded with the page. */
  module: string;
  /** A page that needs no script at all: only links and text. */
  static?: boolean;
}

export const pages: PrerenderPage[] = [
  {
    name: 'landing',
    url: '/',
    pattern: '/',
    Component: LandingRoute,
    module: 'app/routes/landing.tsx',
    static: true,
  },
  {
    name: 'pricing',
    url: '/pricing',
    pattern: '/pricing',
    Component: PricingRoute,
    module: 'app/routes/pricing.tsx',
  },
  {
    name: 'signin',
    url: '/signin',
    pattern: '/signin',
    Component: SignInRoute,
    module: 'app/routes/signin.tsx',
  },
  {
    name: 'signup',
    url: '/signup',
    pattern: '/signup',
    Component: SignUpRoute,
    module: 'app/routes/signup.tsx',
  },
  {
    // Rendered while the invite is being checked: the same for every token, and names nobody.
    name: 'invite',
    url: '/invite/prerendered-invite-token',
    pattern: '/invite/:token',
    Component: InviteRoute,
    module: 'app/routes/invite.tsx',
  },
  {
    name: 'not-found',
    url: '/404',
    pattern: '*',
    Component: NotFoundRoute,
    module: 'app/routes/not-found.tsx',
    static: true,
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
  // A page with no script gets no providers: no notification region that nothing would ever fill.
  let html = renderToString(
    <StrictMode>{page.static ? screen : <AppProviders>{screen}</AppProviders>}</StrictMode>,
  );
  let title: string | undefined;
  html = html.replace(/<title>([^<]*)<\/title>/, (_, text: string) => {
    title = text;
    return '';
  });
  return { html, title };
}
