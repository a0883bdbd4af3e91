import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { msg } from '@shared/messages';
import { FullPageSpinner } from '@client/components/layout/full-page-spinner';
import { routeTree } from './route-tree';
import { loadRouteModule } from './screens';

// The app's routes: the page manifest (src/shared/pages.ts), each screen loaded when first shown.
const routes = routeTree((page) => ({
  lazy: () =>
    loadRouteModule(page).then(async (module) => {
      await module.prepare?.();
      return { Component: module[page.component] as React.ComponentType };
    }),
}));

const tree: RouteObject[] = [
  {
    // Shown while the first screen's chunk loads on a fresh page load.
    HydrateFallback: () => <FullPageSpinner label={msg.loading} />,
    children: routes,
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router, once the chunks of the screen at the current address have loaded (in parallel, not one
 * after the other). Its first render is that screen, never the fallback spinner: a page that was
 * prerendered (decision 0043) goes from its built HTML straight to the same screen, without a flash.
 */
export async function createAppRouter(): Promise<AppRouter> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(tree);
}

export function AppRouter({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
