import { describe, expect, it } from 'vitest';
import { matchPage, pageChain, PAGES } from './pages';

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

  it('a server-rendered page is a member screen that says what it loads', () => {
    for (const page of PAGES.filter((entry) => entry.kind === 'server')) {
      expect(page.data?.slice(0, 2), page.name).toEqual([
        '/api/account/session',
        '/api/subscription',
      ]);
      expect(page.parent, page.name).toBe('app');
    }
  });
});
