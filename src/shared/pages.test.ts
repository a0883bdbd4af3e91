import { describe, expect, it } from 'vitest';
import { matchPage, pageChain, pagePath, PAGES } from './pages';

describe('the page manifest', () => {
  it('names each page once, and every parent it names', () => {
    const names = PAGES.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
    for (const page of PAGES) expect(() => pageChain(page)).not.toThrow();
  });

  it('finds the page for an address: its own, else the layout it is under, else the 404', () => {
    const name = (pathname: string) => matchPage(pathname).name;
    expect(name('/')).toBe('landing');
    expect(name('/signin/')).toBe('signin');
    expect(name('/app')).toBe('app-home');
    expect(name('/app/feed')).toBe('app-feed');
    expect(name('/app/admin/users')).toBe('app-admin-users');
    expect(name('/app/admin')).toBe('app-admin');
    expect(name('/app/nowhere')).toBe('app');
    expect(name('/app/admin/nowhere')).toBe('app');
    expect(name('/invite/abc')).toBe('invite');
    expect(name('/invite/')).toBe('not-found');
    expect(name('/invite/a/b')).toBe('not-found');
    expect(name('/no/such/page')).toBe('not-found');
    expect(pageChain(matchPage('/app/cycle')).map((page) => page.name)).toEqual([
      'app',
      'app-cycle',
    ]);
  });

  it('a server-rendered page is a member screen', () => {
    for (const page of PAGES.filter((entry) => entry.kind === 'server'))
      expect(page.parent, page.name).toBe('app');
  });

  it("gives a page's address by its name, its params filled in, with a query and a fragment", () => {
    expect(pagePath('landing')).toBe('/');
    expect(pagePath('app-home')).toBe('/app');
    expect(pagePath('app-admin-users')).toBe('/app/admin/users');
    expect(pagePath('terms')).toBe('/terms');
    expect(pagePath('app-crew', { crewId: 'c1' })).toBe('/app/crews/c1');
    expect(pagePath('app-review-week', { cycle: 'c2', week: 3 })).toBe('/app/review/c2/3');
    // A param is one segment: whatever it holds stays in it.
    expect(pagePath('invite', { token: 'a/b?c' })).toBe('/invite/a%2Fb%3Fc');
    expect(pagePath('signup', { search: { invite: 'x y', coupon: 'SAVE' } })).toBe(
      '/signup?invite=x+y&coupon=SAVE',
    );
    expect(pagePath('verify-email', { search: new URLSearchParams({ email: 'a@b.c' }) })).toBe(
      '/verify-email?email=a%40b.c',
    );
    expect(pagePath('signup', { search: '' })).toBe('/signup');
    expect(pagePath('app-admin-posts', { search: { post: 'p1' }, hash: 'post-p1' })).toBe(
      '/app/admin/posts?post=p1#post-p1',
    );
    // Every address it gives is the page it was asked for.
    expect(matchPage(pagePath('app-crew', { crewId: 'c1' })).name).toBe('app-crew');
  });

  it('fails the typecheck on a page that does not exist or a param left out', () => {
    const typeErrors = () => [
      // @ts-expect-error: no such page
      pagePath('app-nowhere'),
      // @ts-expect-error: the crew's id is missing
      pagePath('app-crew'),
      // @ts-expect-error: the week is missing
      pagePath('app-review-week', { cycle: 'c1' }),
      // @ts-expect-error: the catch-all has no address
      pagePath('not-found'),
    ];
    expect(typeErrors).toBeTypeOf('function');
  });
});
