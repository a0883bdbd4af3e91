// The page manifest: every address of the front end, once (src/client/render/README.md). The router
// (client/render/router.tsx), the server (server/render/static-client.ts, member-screens.ts), the build
// (scripts/prerender.mjs through client/render/prerender-entry.tsx) and the boot script
// (client/render/boot.ts) all read it; there is no other list of pages.
//
// Three kinds of page:
// - `prerendered`: rendered to HTML at build time (no member data), dist/pages/<name>.html;
// - `server`: rendered by the server for the signed-in member, with the data its route module's
//   `loader` puts in a QueryClient (sent along, dehydrated), else its member shell with the reads
//   of that loader preloaded (decision 0104: the loader is the one list of them);
// - `shell`: the app's shell; the screen is rendered in the browser only.

export type PageKind = 'prerendered' | 'server' | 'shell';

/**
 * How a prerendered page gets the app: `none`, never (links and text only, no script); `intent`, on
 * the visitor's first press, key, focus or touch (render/boot.ts), with a `<name>-eager.html` twin
 * that loads it at once; `eager`, at once.
 */
export type PageLoad = 'none' | 'intent' | 'eager';

export interface PageEntry {
  /** Unique; the built file is dist/pages/<name>.html (member shells too). */
  name: string;
  /** The full route pattern (react-router): static segments, `:param`, or `*`. */
  path: string;
  kind: PageKind;
  /** The route module under src/client/app/routes/, without `.tsx`, and its component's export. */
  module: string;
  component: string;
  /** The entry this one renders inside (its `<Outlet />`). */
  parent?: string;
  /** prerendered: see PageLoad (default `none`). */
  load?: PageLoad;
  /** Not a route of the app: only the server answers it (the legal pages, decision 0037). */
  serverOnly?: boolean;
  /**
   * Modules (under src/client) the screen imports lazily but may need at once, preloaded with it in
   * its member shell and served page (fetched and compiled, evaluated only if needed).
   */
  preload?: readonly string[];
  /** A layout: the page for any address under it that no entry names (the app's 404 inside). */
  layout?: boolean;
  /** The index child that only redirects (relative path). */
  redirectIndex?: string;
}

/** The legal pages (decision 0037): served by the server only, their text in shared/legal.ts. */
export const LEGAL_PAGE_NAMES = ['terms', 'privacy', 'health-disclaimer'] as const;

const legalPage = <const N extends (typeof LEGAL_PAGE_NAMES)[number], const C extends string>(
  name: N,
  component: C,
) =>
  ({
    name,
    path: `/${name}`,
    kind: 'prerendered',
    module: 'legal',
    component,
    serverOnly: true,
  }) as const;

/** A member screen at /app/<name>, rendered in the browser (its module: app/routes/app/<name>). */
const appShellPage = <const N extends string, const C extends string>(name: N, component: C) =>
  ({
    name: `app-${name}`,
    path: `/app/${name}`,
    parent: 'app',
    kind: 'shell',
    module: `app/${name}`,
    component,
  }) as const;

/** An admin screen at /app/admin/<name>, inside the admin layout. */
const adminPage = <const N extends string, const C extends string>(name: N, component: C) =>
  ({
    name: `app-admin-${name}`,
    path: `/app/admin/${name}`,
    parent: 'app-admin',
    kind: 'shell',
    module: `app/admin/${name}`,
    component,
  }) as const;

/**
 * Every page, its name and path kept as literal types: `pagePath()` checks a page's name and its
 * params against them. `PAGES` is the same list as plain entries.
 */
const ENTRIES = [
  // Public pages, prerendered at build (decision 0022).
  { name: 'landing', path: '/', kind: 'prerendered', module: 'landing', component: 'LandingRoute' },
  {
    name: 'pricing',
    path: '/pricing',
    kind: 'prerendered',
    module: 'pricing',
    component: 'PricingRoute',
    load: 'intent',
  },
  {
    name: 'signin',
    path: '/signin',
    kind: 'prerendered',
    module: 'signin',
    component: 'SignInRoute',
    load: 'intent',
  },
  {
    name: 'signup',
    path: '/signup',
    kind: 'prerendered',
    module: 'signup',
    component: 'SignUpRoute',
    load: 'intent',
  },
  // The server fills in the inviter for a valid token (server/render/invite-page.ts); the build writes
  // its three states (render/prerender-entry.tsx).
  {
    name: 'invite',
    path: '/invite/:token',
    kind: 'prerendered',
    module: 'invite',
    component: 'InviteRoute',
  },
  legalPage('terms', 'TermsRoute'),
  legalPage('privacy', 'PrivacyRoute'),
  legalPage('health-disclaimer', 'HealthDisclaimerRoute'),
  {
    name: 'verify-email',
    path: '/verify-email',
    kind: 'shell',
    module: 'verify-email',
    component: 'VerifyEmailRoute',
  },
  // A crew's invite link (decision 0046): the app's shell, which signs a visitor in first.
  {
    name: 'crew-join',
    path: '/crews/join/:token',
    kind: 'shell',
    module: 'crew-join',
    component: 'CrewJoinRoute',
  },
  // The member area: the guard and the navigation shell around every screen.
  {
    name: 'app',
    path: '/app',
    kind: 'shell',
    module: 'app/layout',
    component: 'AppLayoutRoute',
    layout: true,
  },
  {
    name: 'app-home',
    path: '/app',
    parent: 'app',
    kind: 'server',
    module: 'app/home',
    component: 'HomeRoute',
    // Over server-rendered markup with the check-in form, the form's code too (route's prepare()).
    preload: ['features/checkin/lazy/checkin-form.tsx'],
  },
  {
    name: 'app-start-trial',
    path: '/app/start-trial',
    parent: 'app',
    kind: 'shell',
    module: 'app/start-trial',
    component: 'StartTrialRoute',
  },
  {
    name: 'app-feed',
    path: '/app/feed',
    parent: 'app',
    kind: 'server',
    module: 'app/feed',
    component: 'FeedRoute',
  },
  {
    name: 'app-cycle',
    path: '/app/cycle',
    parent: 'app',
    kind: 'server',
    module: 'app/cycle',
    component: 'CycleRoute',
  },
  // My Cycle's progress photos (issue 46): the member's own, rendered with them.
  {
    name: 'app-cycle-photos',
    path: '/app/cycle/photos',
    parent: 'app',
    kind: 'server',
    module: 'app/cycle-photos',
    component: 'CyclePhotosRoute',
  },
  appShellPage('ai-workouts', 'AiWorkoutsRoute'),
  appShellPage('community', 'CommunityRoute'),
  appShellPage('profile', 'ProfileRoute'),
  appShellPage('settings', 'SettingsRoute'),
  // The newest weekly review (decision 0048); an earlier week's address is the app's alone.
  {
    name: 'app-review',
    path: '/app/review',
    parent: 'app',
    kind: 'server',
    module: 'app/review',
    component: 'ReviewRoute',
  },
  {
    name: 'app-review-week',
    path: '/app/review/:cycle/:week',
    parent: 'app',
    kind: 'shell',
    module: 'app/review',
    component: 'ReviewRoute',
  },
  // The crews pages, rendered with the member's crews, and a crew's board, cycle and feed (decision
  // 0117); a crew the member is not in is not rendered (its read is a 404): the app says so.
  {
    name: 'app-crews',
    path: '/app/crews',
    parent: 'app',
    kind: 'server',
    module: 'app/crews',
    component: 'CrewsRoute',
  },
  {
    name: 'app-crew',
    path: '/app/crews/:crewId',
    parent: 'app',
    kind: 'server',
    module: 'app/crew',
    component: 'CrewRoute',
  },
  // A crew cycle's Day 90 finale (issue 44): the whole crew's numbers and shared photos.
  {
    name: 'app-crew-finale',
    path: '/app/crews/:crewId/cycles/:cycleId/finale',
    parent: 'app',
    kind: 'server',
    module: 'app/crew-finale',
    component: 'CrewFinaleRoute',
  },
  {
    name: 'app-admin',
    path: '/app/admin',
    parent: 'app',
    kind: 'shell',
    module: 'app/admin/layout',
    component: 'AdminLayoutRoute',
    redirectIndex: 'users',
  },
  adminPage('users', 'AdminUsersRoute'),
  adminPage('subscriptions', 'AdminSubscriptionsRoute'),
  adminPage('notifications', 'AdminNotificationsRoute'),
  adminPage('posts', 'AdminPostsRoute'),
  adminPage('reports', 'AdminReportsRoute'),
  adminPage('badges', 'AdminBadgesRoute'),
  adminPage('coupons', 'AdminCouponsRoute'),
  adminPage('crews', 'AdminCrewsRoute'),
  adminPage('audit', 'AdminAuditRoute'),
  // Everything else: the prerendered 404 from the server, the same screen in the app.
  {
    name: 'not-found',
    path: '*',
    kind: 'prerendered',
    module: 'not-found',
    component: 'NotFoundRoute',
  },
] as const satisfies readonly PageEntry[];

export const PAGES: readonly PageEntry[] = ENTRIES;

export const pageByName = (name: string): PageEntry | undefined =>
  PAGES.find((page) => page.name === name);

type Entry = (typeof ENTRIES)[number];
/** A page the app can link to: every entry but the catch-all. */
export type PageName = Exclude<Entry['name'], 'not-found'>;
type PatternOf<N extends PageName> = Extract<Entry, { name: N }>['path'];
/** The `:param` names of a route pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<Rest>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** What may follow a page's path: its query string (without `?`) and its fragment (without `#`). */
export interface PageAddressParts {
  search?: string | URLSearchParams | Record<string, string>;
  hash?: string;
}
type PagePathArgs<N extends PageName> = [ParamNames<PatternOf<N>>] extends [never]
  ? [parts?: PageAddressParts]
  : [params: Record<ParamNames<PatternOf<N>>, string | number> & PageAddressParts];

/**
 * The address of a page, by its name in the manifest: `pagePath('app-crew', { crewId })`,
 * `pagePath('signup', { search: { coupon } })`. The only way the code names a page's address
 * (pages.test.ts fails on a page path written as a literal): a page that is renamed or moved, or a
 * param left out, fails the typecheck.
 */
export function pagePath<N extends PageName>(name: N, ...[args]: PagePathArgs<N>): string {
  const page = pageByName(name);
  if (!page) throw new Error(`pages.ts: no page named ${name}`);
  const values = (args ?? {}) as Record<string, unknown>;
  const path = page.path.replace(/:(\w+)/g, (_, param: string) =>
    encodeURIComponent(String(values[param])),
  );
  const search =
    args?.search === undefined
      ? ''
      : typeof args.search === 'string'
        ? args.search
        : String(new URLSearchParams(args.search));
  return path + (search ? `?${search}` : '') + (args?.hash ? `#${args.hash}` : '');
}

/**
 * The `:param` values of an address that matches `page`'s pattern (decoded), e.g. `{ crewId }` for
 * `/app/crews/:crewId`; `{}` for a pattern without params.
 */
export function pageParams(page: PageEntry, pathname: string): Record<string, string> {
  const have = withoutTrailingSlash(pathname).split('/');
  const params: Record<string, string> = {};
  page.path.split('/').forEach((part, i) => {
    if (!part.startsWith(':') || have[i] === undefined) return;
    try {
      params[part.slice(1)] = decodeURIComponent(have[i]);
    } catch {
      params[part.slice(1)] = have[i]; // not %-encoded text: the read answers 404
    }
  });
  return params;
}

/** `/app/feed/` and `/app/feed` are one address. */
export const withoutTrailingSlash = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

/** The entry whose pattern the address matches (a layout's own address is its index screen's). */
export function exactPage(pathname: string): PageEntry | undefined {
  const clean = withoutTrailingSlash(pathname);
  const exact = PAGES.filter((page) => page.path !== '*' && matches(page.path, clean));
  return exact.find((page) => !page.layout) ?? exact[0];
}

/**
 * The entry for an address: the one whose pattern it matches, else the deepest layout it is under,
 * else the catch-all. Never undefined.
 */
export function matchPage(pathname: string): PageEntry {
  const clean = withoutTrailingSlash(pathname);
  const own = exactPage(clean);
  if (own) return own;
  const under = PAGES.filter((page) => page.layout && clean.startsWith(`${page.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return under ?? PAGES.find((page) => page.path === '*')!;
}

/** The chain of layouts around an entry, outermost first, then the entry. */
export function pageChain(page: PageEntry): PageEntry[] {
  const chain = [page];
  for (let parent = page.parent; parent;) {
    const entry = pageByName(parent);
    if (!entry) throw new Error(`pages.ts: ${page.name} names an unknown parent ${parent}`);
    chain.unshift(entry);
    parent = entry.parent;
  }
  return chain;
}

/** The id of the `<script type="application/json">` holding a server render's dehydrated queries. */
export const SERVED_STATE_ID = 'stackdays-served';

/**
 * The JSON text for a `<script type="application/json">` element: `<` is written as `\u003c`, so no
 * member's text can close the element, open a comment or start a tag in the page (the parser sees
 * none; JSON.parse reads it back as `<`). U+2028 and U+2029 are escaped too.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Placeholders in the built template of a server-rendered page (dist/pages/app-served.html, written
 * by scripts/prerender.mjs), each there once, which the server replaces: the title's text, the
 * screen's markup inside `#root`, and the dehydrated queries' script element after it.
 */
export const MEMBER_SCREEN_TITLE = '__MEMBER_SCREEN_TITLE__';
export const MEMBER_SCREEN_MARKUP = '<!--stackdays-member-screen-->';
export const MEMBER_SCREEN_DATA = '<!--stackdays-member-data-->';
