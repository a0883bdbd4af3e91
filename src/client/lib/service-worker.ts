// The one service worker (decisions 0020, 0023), registered once when the app starts, for everyone:
// it precaches the app shell so /app opens without a network, sends check-ins made offline, and
// shows push nudges. Push (features/settings/api/push-subscription.ts) uses this same registration.

export const SERVICE_WORKER_URL = '/sw.js';

let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js once per page (later calls share the first); null where workers are unavailable. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registering) return registering;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    registering = Promise.resolve(null);
    return registering;
  }
  registering = navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .catch((error: unknown) => {
      // The dev server has no worker, and a private window may refuse one: the app works without.
      console.info('The service worker is not available here.', error);
      return null;
    });
  return registering;
}

/** The active registration once the worker is ready (registering it first if needed). */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  if (!registration) return null;
  return navigator.serviceWorker.ready;
}
