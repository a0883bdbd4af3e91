import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { LegalPageName } from '@shared/legal';
import { normalizeHost, type Config } from './lib/config';

export { normalizeHost, type Config };

/** Thrown when the environment cannot start the server; the message names the variable. */
export class ConfigError extends Error {}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A whole number from `min` to `max`; unset or empty: `fallback`. */
function wholeNumber(min: number, max: number, fallback: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: `must be a whole number from ${min} to ${max}` })
      .int(`must be a whole number from ${min} to ${max}`)
      .min(min, `must be a whole number from ${min} to ${max}`)
      .max(max, `must be a whole number from ${min} to ${max}`)
      .default(fallback),
  );
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // Decision 0076: PostgreSQL only (PGlite is one in-process connection).
  DATABASE_POOL_SIZE: wholeNumber(1, 1000, 10),
  // Issue 48: the background jobs' own PostgreSQL pool, so a burst of sends never holds the
  // connections members' requests need.
  DATABASE_JOBS_POOL_SIZE: wholeNumber(1, 100, 3),
  // Issue 48: what this process does: serve members (web), run the background jobs (worker), or both.
  STACKDAYS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, 3_600_000, 15_000).refine(
    (ms) => ms === 0 || ms >= 100,
    'must be 0 (no limit) or at least 100',
  ),
  // Decision 0041: how long a request waits for a PostgreSQL connection (a new one, or a free one of the pool).
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000, 5_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(1000, 600_000, 10_000),
  // Decision 0030: how long a process may answer from a session it read; 0: read it every request.
  SESSION_CACHE_MS: wholeNumber(0, 10_000, 2_000),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: flag,
  TRUST_PROXY_HOPS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().int().min(1).max(10).default(1),
  ),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(',').map(normalizeHost).filter(Boolean)),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('StackDays <no-reply@stackdays.local>'),
  // Web push (decision 0020): both keys or neither (then generated once and kept in the database).
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{40,46}$/, 'must be a base64url P-256 private key')
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Decision 0079: with it, /metrics needs `Authorization: Bearer …`; without it, loopback only.
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // Decision 0026: media through the server (proxy) or by a 302 to a short-lived presigned URL.
  S3_DOWNLOADS: z.enum(['proxy', 'signed']).default('proxy'),
  S3_SIGNED_URL_SECONDS: wholeNumber(120, 3600, 300),
  // Where browsers reach the bucket, when not at S3_ENDPOINT (e.g. an internal hostname).
  S3_PUBLIC_ENDPOINT: optionalString.pipe(z.url().optional()),
  // A path or a name on PATH; `off`: videos are only blanked in place (decision 0083).
  FFMPEG_PATH: z.string().trim().default('ffmpeg'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  REQUIRE_SUBSCRIPTION: flag,
  BILLING_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Decision 0090: how long rows are kept. Audit: 0 (the default) keeps the trail for ever.
  NOTIFICATION_LOG_RETENTION_DAYS: wholeNumber(7, 3650, 180),
  BILLING_EVENT_RETENTION_DAYS: wholeNumber(7, 3650, 90),
  AUDIT_RETENTION_DAYS: wholeNumber(0, 36500, 0),
  // Decision 0034: where members ask for access when this server takes no payments.
  BILLING_CONTACT: optionalString.pipe(
    z
      .union([z.email(), z.url({ protocol: /^https?$/ })], {
        error: 'must be an e-mail address or an http(s):// address',
      })
      .optional(),
  ),
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  // Decision 0037: Markdown files that replace the default text of /terms, /privacy and
  // /health-disclaimer (read once, at start).
  TERMS_FILE: optionalString,
  PRIVACY_FILE: optionalString,
  HEALTH_DISCLAIMER_FILE: optionalString,
});

const LEGAL_FILES: Array<
  [LegalPageName, 'TERMS_FILE' | 'PRIVACY_FILE' | 'HEALTH_DISCLAIMER_FILE']
> = [
  ['terms', 'TERMS_FILE'],
  ['privacy', 'PRIVACY_FILE'],
  ['health-disclaimer', 'HEALTH_DISCLAIMER_FILE'],
];

/** The operator's legal texts (Markdown), read now so that a missing or empty file stops the start. */
function readLegalTexts(e: z.infer<typeof envSchema>): Partial<Record<LegalPageName, string>> {
  const texts: Partial<Record<LegalPageName, string>> = {};
  for (const [page, name] of LEGAL_FILES) {
    const file = e[name];
    if (!file) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new ConfigError(`Invalid configuration:\n  ${name}: cannot read ${file} (${code})`);
    }
    if (text.trim() === '')
      throw new ConfigError(`Invalid configuration:\n  ${name}: ${file} is empty`);
    texts[page] = text;
  }
  return texts;
}

export type Env = z.infer<typeof envSchema>;

/** Settings that need another one: S3's bucket and keys, and a role of its own needs PostgreSQL. */
function checkCombinations(e: Env) {
  if (e.STACKDAYS_ROLE !== 'all' && !e.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  STACKDAYS_ROLE: ${e.STACKDAYS_ROLE} needs DATABASE_URL (the embedded database is one process)`,
    );
  if (e.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name])
        throw new ConfigError(`Invalid configuration:\n  ${name}: required when STORAGE_DRIVER=s3`);
    }
  }
}

/** The only reader of process.env: parse once at start, pass the result around. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  checkCombinations(e);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    role: e.STACKDAYS_ROLE,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      jobsPoolSize: e.DATABASE_JOBS_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    authSecret: e.AUTH_SECRET,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY_HOPS : 0,
    allowedHosts: e.ALLOWED_HOSTS,
    adminEmails: e.ADMIN_EMAILS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            downloads: e.S3_DOWNLOADS,
            signedUrlSeconds: e.S3_SIGNED_URL_SECONDS,
            s3: {
              endpoint: e.S3_ENDPOINT,
              publicEndpoint: e.S3_PUBLIC_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            },
          }
        : { driver: 'local', downloads: 'proxy', signedUrlSeconds: e.S3_SIGNED_URL_SECONDS },
    ffmpegPath: e.FFMPEG_PATH === '' || e.FFMPEG_PATH === 'off' ? null : e.FFMPEG_PATH,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          priceMonthly: e.STRIPE_PRICE_MONTHLY,
          priceYearly: e.STRIPE_PRICE_YEARLY,
        }
      : undefined,
    requireSubscription: e.REQUIRE_SUBSCRIPTION,
    billingExpiryIntervalMs: e.BILLING_EXPIRY_INTERVAL_SECONDS * 1000,
    retentionDays: {
      notificationLogs: e.NOTIFICATION_LOG_RETENTION_DAYS,
      billingEvents: e.BILLING_EVENT_RETENTION_DAYS,
      auditEvents: e.AUDIT_RETENTION_DAYS || null,
    },
    billingContact: e.BILLING_CONTACT ?? null,
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
      : undefined,
    legalTexts: readLegalTexts(e),
  };
}

/** For entry points (server, scripts): reads .env when present, then parses; exits with the message on error. */
export function loadConfigOrExit(): Config {
  try {
    process.loadEnvFile();
  } catch {
    // no .env: the defaults apply
  }
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
