import { msg } from '@shared/messages';
import { SERVICE_WORKER_URL, serviceWorkerReady } from '@client/lib/service-worker';
import { getPushKey } from '../api/get-push-key';
import { removePushSubscription } from '../api/remove-push-subscription';
import { savePushSubscription } from '../api/save-push-subscription';

// Push nudges on this device (decision 0020): the one service worker (/sw.js), the browser's
// permission, a PushManager subscription with the server's VAPID key, stored per device on the server.
// The worker is registered once at app start (lib/service-worker.ts); push uses that registration.

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (call it from the member's tap: browsers require a gesture), subscribes this
 * browser and stores the subscription. Resolves to null when push works here, or the sentence to show.
 */
export async function enablePushOnThisDevice(): Promise<string | null> {
  if (!supported()) return msg.pushNotSupported;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return msg.pushPermissionDenied;
  try {
    const registration = await serviceWorkerReady();
    if (!registration) return msg.pushSubscribeFailed;
    const { publicKey } = await getPushKey();
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    await savePushSubscription(subscription.toJSON());
    return null;
  } catch {
    return msg.pushSubscribeFailed;
  }
}

/** Whether this browser holds a push subscription; null where push is not supported. */
export async function pushSubscribedHere(): Promise<boolean | null> {
  if (!supported()) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return null;
  }
}

/** Drops this browser's subscription, here and on the server. Never fails the settings save. */
export async function disablePushOnThisDevice(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await removePushSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  } catch {
    // The server drops it anyway once the push service answers 410.
  }
}
