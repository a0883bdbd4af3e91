import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hydrate, onlineManager } from '@tanstack/react-query';
import { AppProviders } from './app/providers';
import { AppRouter, createAppRouter } from './render/router';
import { takeOver } from './render/handoff';
import { readServedState } from './render/served-state';
import { queryClient } from './lib/query-client';
import { startClientReports } from './lib/client-reports';
import { loadPageCatalogue, pageLocale } from './render/page-locale';
import { isLocale } from '@shared/i18n/locales';
import { registerCatalogue, setLocaleSource } from '@shared/i18n/translate';
import './styles.css';

// The page's language (render/page-locale.ts, decision 0120): every message from here on speaks it,
// and the first render waits for its catalogue (preloaded, or already fetched by boot.ts), so the
// app's first screen is in the language of the markup it replaces.
const locale = pageLocale();
if (isLocale(locale)) setLocaleSource(() => locale);
const catalogue = loadPageCatalogue().then((loaded) => {
  if (loaded && isLocale(locale)) registerCatalogue(locale, loaded);
});

// A prerendered public page (render/README.md) already shows its screen: the app takes the container over
// in one commit once that screen's code is in, so nothing flashes or moves. On the pages that load it
// on the visitor's first intent (boot.ts), what they typed, focused or pressed meanwhile carries over.
// Offline (decision 0023): the last session, today and feed are put back before the first render.
// TanStack Query takes the network as up until an `offline` event, which a page opened without one
// never gets: start from what the browser says, so that the snapshot is put back (decision 0023).
if (!navigator.onLine) onlineManager.setOnline(false);
// Web vitals and uncaught errors, sampled (decision 0040); a page that boot.ts started already counts.
startClientReports();
// A screen the server rendered (render/README.md): the queries its loader filled, so that the first
// render is that screen. They count as read when the server read them: what is stale by now is read
// again at once, behind the screen.
const served = readServedState();
if (served) hydrate(queryClient, served);
const offline = import('./app/offline');
// The snapshot is older than what the server rendered this page with: it is not put back over it.
const restored = served
  ? Promise.resolve()
  : offline.then((m) => m.restoreOfflineSnapshot(queryClient)).catch(() => {});
void offline.then((m) => m.startOffline(queryClient)).catch(() => {});
void Promise.all([createAppRouter(), restored, catalogue])
  .then(async ([router]) => {
    const container = document.getElementById('root')!;
    const root = createRoot(container);
    const app = (
      <StrictMode>
        <AppProviders>
          <AppRouter router={router} />
        </AppProviders>
      </StrictMode>
    );
    const boot = window.__stackdaysBoot;
    if (!boot) {
      // A member screen (decision 0043): its first render in slices, between which the browser
      // paints and answers input, rather than one long task. Nothing was prerendered to replace.
      startTransition(() => root.render(app));
      return;
    }
    // Between a press and its release the markup stays; then the swap runs in this same task.
    await boot.settled();
    takeOver(container, boot, () => flushSync(() => root.render(app)));
  })
  .catch((error: unknown) => {
    // A screen's chunk did not load: on a page boot.ts holds, let it stop holding (render/README.md).
    console.error('The app could not start.', error);
    window.__stackdaysBoot?.failed();
  });
