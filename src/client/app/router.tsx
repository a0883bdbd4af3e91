import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import { msg } from '@shared/messages';
import { FullPageSpinner } from '@client/components/layout/full-page-spinner';

// Every screen is its own chunk: a visitor on the landing page downloads none of the member area.
const routes: RouteObject[] = [
  {
    path: '/',
    lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })),
  },
  {
    path: '/signin',
    lazy: () => import('./routes/signin').then((m) => ({ Component: m.SignInRoute })),
  },
  {
    path: '/signup',
    lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignUpRoute })),
  },
  {
    path: '/verify-email',
    lazy: () => import('./routes/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
  },
  {
    path: '/pricing',
    lazy: () => import('./routes/pricing').then((m) => ({ Component: m.PricingRoute })),
  },
  {
    path: '/invite/:token',
    lazy: () => import('./routes/invite').then((m) => ({ Component: m.InviteRoute })),
  },
  {
    // The member area: the guard and the navigation shell wrap every child.
    path: '/app',
    lazy: () => import('./routes/app/layout').then((m) => ({ Component: m.AppLayoutRoute })),
    children: [
      {
        index: true,
        // Over server-rendered markup with the check-in form, the form's code too (decision 0031).
        lazy: () =>
          import('./routes/app/home').then(async (m) => {
            await m.checkinFormReady();
            return { Component: m.HomeRoute };
          }),
      },
      {
        path: 'start-trial',
        lazy: () =>
          import('./routes/app/start-trial').then((m) => ({ Component: m.StartTrialRoute })),
      },
      {
        path: 'feed',
        lazy: () => import('./routes/app/feed').then((m) => ({ Component: m.FeedRoute })),
      },
      {
        path: 'cycle',
        lazy: () => import('./routes/app/cycle').then((m) => ({ Component: m.CycleRoute })),
      },
      {
        path: 'review',
        lazy: () => import('./routes/app/review').then((m) => ({ Component: m.ReviewRoute })),
      },
      {
        path: 'review/:cycle/:week',
        lazy: () => import('./routes/app/review').then((m) => ({ Component: m.ReviewRoute })),
      },
      {
        path: 'ai-workouts',
        lazy: () =>
          import('./routes/app/ai-workouts').then((m) => ({ Component: m.AiWorkoutsRoute })),
      },
      {
        path: 'community',
        lazy: () => import('./routes/app/community').then((m) => ({ Component: m.CommunityRoute })),
      },
      {
        path: 'profile',
        lazy: () => import('./routes/app/profile').then((m) => ({ Component: m.ProfileRoute })),
      },
      {
        path: 'settings',
        lazy: () => import('./routes/app/settings').then((m) => ({ Component: m.SettingsRoute })),
      },
      {
        path: 'admin',
        lazy: () =>
          import('./routes/app/admin/layout').then((m) => ({ Component: m.AdminLayoutRoute })),
        children: [
          { index: true, element: <Navigate to="users" replace /> },
          {
            path: 'users',
            lazy: () =>
              import('./routes/app/admin/users').then((m) => ({ Component: m.AdminUsersRoute })),
          },
          {
            path: 'subscriptions',
            lazy: () =>
              import('./routes/app/admin/subscriptions').then((m) => ({
                Component: m.AdminSubscriptionsRoute,
              })),
          },
          {
            path: 'notifications',
            lazy: () =>
              import('./routes/app/admin/notifications').then((m) => ({
                Component: m.AdminNotificationsRoute,
              })),
          },
          {
            path: 'posts',
            lazy: () =>
              import('./routes/app/admin/posts').then((m) => ({ Component: m.AdminPostsRoute })),
          },
          {
            path: 'reports',
            lazy: () =>
              import('./routes/app/admin/reports').then((m) => ({
                Component: m.AdminReportsRoute,
              })),
          },
          {
            path: 'badges',
            lazy: () =>
              import('./routes/app/admin/badges').then((m) => ({ Component: m.AdminBadgesRoute })),
          },
          {
            path: 'coupons',
            lazy: () =>
              import('./routes/app/admin/coupons').then((m) => ({
                Component: m.AdminCouponsRoute,
              })),
          },
          {
            path: 'audit',
            lazy: () =>
              import('./routes/app/admin/audit').then((m) => ({ Component: m.AdminAuditRoute })),
          },
          // Any other admin path falls through to the app-wide 404 page.
        ],
      },
    ],
  },
  {
    path: '*',
    lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  },
];

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
 * prerendered (decision 0022) goes from its built HTML straight to the same screen, without a flash.
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
