// The one service worker for the whole app, served at /sw.js (decisions 0020 and 0023): push nudges,
// the precached app shell so /app opens without a network, and Background Sync for check-ins made
// offline. Built by vite-plugin-pwa (injectManifest), which fills in self.__WB_MANIFEST.

import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { QUEUE_LOCK } from './features/checkin/offline/queue';
import { sendQueuedCheckins } from './features/checkin/offline/send';
import { pagePath } from '@shared/pages';

// The worker's own global scope, typed here: the project compiles against the DOM library.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
declare const self: WorkerScope;

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// ---- The app shell ------------------------------------------------------------------------------

// Scripts, styles, fonts, icons and index.html of this build (never source maps); old builds' go.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A member screen opened without a network gets the shell, which routes on the client. Only /app:
// the public pages are prerendered by the server, and /api, /media and the rest always go to it.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { allowlist: [/^\/app(\/|$)/] }),
);

// ---- Check-ins made offline ---------------------------------------------------------------------

self.addEventListener('sync', (event) => {
  if (event.tag !== QUEUE_LOCK) return;
  // A false answer (still offline) rejects, so the browser tries the sync again later.
  event.waitUntil(
    sendQueuedCheckins().then((done) => {
      if (!done) throw new Error('Still offline');
    }),
  );
});

// ---- Push nudges (decision 0020) ----------------------------------------------------------------

function readPush(event: PushEvent): Record<string, unknown> {
  try {
    const data = event.data ? event.data.json() : {};
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  // Only paths on this site: a push can never send the member elsewhere.
  const url =
    typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')
      ? data.url
      : pagePath('app-home');
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'StackDays', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: typeof data.lang === 'string' ? data.lang : undefined,
      icon: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = (event.notification.data as { url?: string } | null)?.url ?? pagePath('app-home');
  const target = new URL(wanted, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
