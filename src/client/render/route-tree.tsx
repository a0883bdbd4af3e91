import { Navigate, type RouteObject } from 'react-router';
import { PAGES, type PageEntry } from '@shared/pages';

/**
 * The react-router tree of the page manifest (src/shared/pages.ts): each entry under its parent, its
 * path relative to it (the parent's own address is its index). `route` gives each entry its screen
 * (lazily in the browser, loaded already on the server); `entries` keeps only some of them.
 */
export function routeTree(
  route: (page: PageEntry) => Pick<RouteObject, 'lazy' | 'Component'>,
  entries: readonly PageEntry[] = PAGES,
): RouteObject[] {
  const inApp = entries.filter((page) => !page.serverOnly);
  const childrenOf = (parent: PageEntry | undefined): RouteObject[] =>
    inApp
      .filter((page) => page.parent === parent?.name)
      .map((page): RouteObject => {
        const own = route(page);
        const children = childrenOf(page);
        if (page.redirectIndex)
          children.unshift({ index: true, element: <Navigate to={page.redirectIndex} replace /> });
        if (parent && page.path === parent.path) return { index: true, ...own };
        const path = parent ? page.path.slice(parent.path.length + 1) : page.path;
        return children.length ? { path, ...own, children } : { path, ...own };
      });
  return childrenOf(undefined);
}
