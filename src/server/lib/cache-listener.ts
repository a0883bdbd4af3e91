import type { Client, ClientConfig, Notification } from 'pg';
import type { Logger } from './logger';

// The cache bus's own LISTEN connection (lib/cache-bus.ts): LISTEN needs a session of its own, so it
// cannot share the pool; it reconnects with a growing wait, and its loss and return are logged once.

/** The dedicated LISTEN connection: its settings, its client and its outage, kept across reconnects. */
export interface Listener {
  url: string;
  /** The channel it LISTENs on. */
  channel: string;
  logger: Logger;
  minRetryMs: number;
  maxRetryMs: number;
  heartbeatMs: number;
  onNotification(message: Notification): void;
  /** The listener is back after an outage (notifications may have been missed meanwhile). */
  onBack(): void;
  current: Client | null;
  closed: boolean;
  down: boolean;
  failures: number;
  retryTimer?: NodeJS.Timeout;
  heartbeat?: NodeJS.Timeout;
}

/** One connection attempt; `lost` once its loss was handled, so it is handled once. */
interface ListenerConnection {
  client: Client;
  lost: boolean;
}

/** Connects (again) and LISTENs; a failure is handled as a lost connection. */
export async function connectListener(listener: Listener): Promise<void> {
  if (listener.closed) return;
  const { Client } = await import('pg');
  const config: ClientConfig = {
    connectionString: listener.url,
    application_name: 'stackdays-cache-listener',
    keepAlive: true,
    query_timeout: 10_000,
  };
  const client = new Client(config);
  const connection: ListenerConnection = { client, lost: false };
  const onLost = (error?: Error) => loseConnection(listener, connection, error);
  client.on('error', onLost);
  client.on('end', () => onLost());
  client.on('notification', listener.onNotification);
  try {
    await client.connect();
    await client.query(`listen ${listener.channel}`);
  } catch (error) {
    onLost(error as Error);
    return;
  }
  if (listener.closed) {
    connection.lost = true;
    await client.end().catch(() => {});
    return;
  }
  listener.current = client;
  listener.failures = 0;
  listener.heartbeat = setInterval(() => {
    client.query('select 1').catch((error: Error) => onLost(error));
  }, listener.heartbeatMs);
  listener.heartbeat.unref();
  if (listener.down) {
    listener.down = false;
    listener.logger.info('cache invalidation listener is back');
    listener.onBack();
  }
}

/** Drops a lost connection and, unless the bus is closed, tries again after a growing wait. */
function loseConnection(listener: Listener, connection: ListenerConnection, error?: Error) {
  if (connection.lost) return;
  connection.lost = true;
  const { client } = connection;
  client.removeAllListeners('notification');
  client.end().catch(() => {});
  if (listener.current === client) {
    listener.current = null;
    clearInterval(listener.heartbeat);
  }
  if (listener.closed) return;
  if (!listener.down) {
    listener.down = true;
    listener.logger.warn(
      { err: error },
      'cache invalidation listener lost: other processes’ writes show here within the cache lifetimes until it is back',
    );
  }
  const delay = Math.min(listener.maxRetryMs, listener.minRetryMs * 2 ** listener.failures);
  listener.failures += 1;
  listener.retryTimer = setTimeout(() => void connectListener(listener), delay);
  listener.retryTimer.unref();
}

/** Stops the listener for good: no reconnection after this. */
export async function closeListener(listener: Listener): Promise<void> {
  listener.closed = true;
  clearTimeout(listener.retryTimer);
  clearInterval(listener.heartbeat);
  const client = listener.current;
  listener.current = null;
  await client?.end().catch(() => {});
}
