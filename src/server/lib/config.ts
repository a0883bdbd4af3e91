import type { LegalPageName } from '@shared/legal';
import type { S3StorageOptions } from './storage/s3-requests';

/**
 * The app's settings, as env.ts (the composition root, the only reader of the environment) parses them
 * once at start. It lives beside the app's dependencies (deps.ts) so adapters and services can name it
 * without importing the composition root.
 */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * What this process does (STACKDAYS_ROLE): `web` serves members and runs no job, `worker` runs the
   * background jobs and answers only health, readiness and metrics, `all` (one process) does both.
   */
  role: 'all' | 'web' | 'worker';
  /**
   * PostgreSQL pools: connections per process for requests, and for the background jobs (their own,
   * so a burst of sends never holds the connections requests need); the statement timeout on each
   * (0: none).
   */
  database: {
    poolSize: number;
    jobsPoolSize: number;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
  };
  /** After SIGTERM: in-flight requests, jobs and mail get this long, then the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * How long a signed-in member's session, account and profile, once read, answer for the same cookie
   * in this process (SESSION_CACHE_MS; 0: read every request). Decision 0030.
   */
  sessionCacheMs: number;
  authSecret?: string;
  /**
   * How many proxies of ours append to X-Forwarded-For (TRUST_PROXY_HOPS when TRUST_PROXY is set),
   * 0 when the header is not trusted. As in Express's `trust proxy` with a number.
   */
  trustProxy: number;
  /** Hostnames besides PUBLIC_URL's that requests may name in Host (ALLOWED_HOSTS). */
  allowedHosts: string[];
  adminEmails: string[];
  smtpUrl?: string;
  mailFrom: string;
  /** VAPID keys for web push; without them the server generates a pair once (decision 0020). */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `auto`: readable lines on a terminal, JSON lines otherwise (decision 0078). */
  logFormat: 'auto' | 'json' | 'pretty';
  /** Bearer token for /metrics; unset: only direct loopback requests may read it (decision 0079). */
  metricsToken?: string;
  /** ffmpeg to strip video metadata with (FFMPEG_PATH); null: blank in place only (decision 0083). */
  ffmpegPath: string | null;
  storage: {
    driver: 'local' | 's3';
    /** S3 only (local is always proxied): serve media through the server or by presigned URL. */
    downloads: 'proxy' | 'signed';
    /** Lifetime of a presigned download URL. */
    signedUrlSeconds: number;
    s3?: Pick<
      S3StorageOptions,
      'endpoint' | 'publicEndpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'
    >;
  };
  stripe?: {
    secretKey: string;
    webhookSecret?: string;
    priceMonthly?: string;
    priceYearly?: string;
  };
  /** REQUIRE_SUBSCRIPTION: members without an active or trialing subscription are sent to /pricing. */
  requireSubscription: boolean;
  /** How often the server ends trials and free months whose period has passed. */
  billingExpiryIntervalMs: number;
  /** Days rows are kept before the retention job prunes them; audit null: kept for ever (decision 0090). */
  retentionDays: { notificationLogs: number; billingEvents: number; auditEvents: number | null };
  /** BILLING_CONTACT: an e-mail address or web address where members ask for access (decision 0034). */
  billingContact: string | null;
  ai?: { baseUrl: string; apiKey?: string; model: string };
  /** The operator's Markdown for the legal pages that replace the default text (decision 0037). */
  legalTexts: Partial<Record<LegalPageName, string>>;
}

/** `Example.com:8443` -> `example.com`, `[::1]:3000` -> `[::1]`: hosts are compared without ports. */
export function normalizeHost(entry: string): string {
  const host = entry.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}
