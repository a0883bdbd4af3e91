import { z } from 'zod';

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

/** `Example.com:8443` -> `example.com`, `[::1]:3000` -> `[::1]`: hosts are compared without ports. */
export function normalizeHost(entry: string): string {
  const host = entry.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
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
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  REQUIRE_SUBSCRIPTION: flag,
  BILLING_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default('gpt-4o-mini'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
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
  logLevel: Env['LOG_LEVEL'];
  storage: {
    driver: 'local' | 's3';
    s3?: {
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    };
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
  ai?: { baseUrl: string; apiKey?: string; model: string };
}

/** The only reader of process.env: parse once at start, pass the result around. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name])
        throw new ConfigError(`Invalid configuration:\n  ${name}: required when STORAGE_DRIVER=s3`);
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
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
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            },
          }
        : { driver: 'local' },
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
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
      : undefined,
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
