import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, createAppRouter } from './app/router';
import { queryClient } from './lib/query-client';
import './styles.css';

// A prerendered public page (decision 0022) already shows its screen: the app takes the container over
// in one commit once that screen's code is in, so nothing flashes or moves.
// Offline (decision 0023): the last session, today and feed are put back before the first render.
const offline = import('./app/offline');
const restored = offline.then((m) => m.restoreOfflineSnapshot(queryClient)).catch(() => {});
void offline.then((m) => m.startOffline(queryClient)).catch(() => {});
void Promise.all([createAppRouter(), restored]).then(([router]) => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <AppRouter router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
