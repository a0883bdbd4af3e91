import { createBrowserRouter, RouterProvider } from 'react-router';

// Every screen is its own chunk: a visitor on the landing page downloads none of the member area.
const router = createBrowserRouter([
  { path: '/', lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })) },
  { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
