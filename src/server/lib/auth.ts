import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { getCurrentDBAdapterAsyncLocalStorage } from '@better-auth/core/context';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins';
import {
  CODE_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MINUTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@shared/constants';
import type { Config } from './config';
import type { Db, DbOrTx } from '../db/client';
import { authSchema } from '../db/schema/auth';
import type { Mailer } from './mail';
import { runWithLocale, scopeLocale } from './locale';
import { codeMail } from './mail-templates/account';
import type { Logger } from './logger';

/** Hono sets this from the socket (or X-Forwarded-For behind TRUST_PROXY); a client's own value is dropped. */
export const CLIENT_IP_HEADER = 'x-stackdays-client-ip';

const SESSION_DAYS = 30;
const adapterConfig = { provider: 'pg', schema: authSchema } as const;

/**
 * What the code mail should say besides the code, and in which language (the account's, when the
 * address has one that chose; else the request's: decision 0119); set with `codeMailNote.run(...)`.
 */
export const codeMailNote = new AsyncLocalStorage<{
  accountExists: boolean;
  skipMail?: boolean;
  language?: string | null;
}>();

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
}

export function createAuth({ config, db, mailer, logger, secret }: AuthDeps) {
  return betterAuth({
    appName: 'StackDays',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { ...adapterConfig, transaction: true }),
    user: {
      additionalFields: {
        timeZone: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      autoSignIn: false,
      // A repeated sign-up must look exactly like a new one (no account enumeration).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: { autoSignInAfterVerification: true, sendOnSignIn: false },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
    },
    // Our own limits (database-backed, see lib/rate-limit.ts) guard the routes members use.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'stackdays',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      disableOriginCheck: false,
    },
    logger: {
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        logger[method]({ args }, `auth: ${message}`);
      },
    },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: OTP_TTL_MINUTES * 60,
        allowedAttempts: OTP_MAX_ATTEMPTS,
        // Encrypted (with the auth secret), not hashed, so that a re-send mails the same live code
        // ('reuse'): a stranger asking for codes never voids the one the owner holds (0005, 0015).
        storeOTP: 'encrypted',
        resendStrategy: 'reuse',
        overrideDefaultEmailVerification: true,
        disableSignUp: true,
        generateOTP: () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0'),
        async sendVerificationOTP({ email, otp, type }) {
          // Not awaited: this runs inside the sign-up transaction (PGlite has one connection, and the
          // mail log would wait for it), and a reply that waits on SMTP would tell who has an account.
          const note = codeMailNote.getStore();
          if (note?.skipMail) return;
          const mail = runWithLocale(note?.language ?? scopeLocale(), () =>
            codeMail(
              {
                to: email,
                code: otp,
                purpose: type === 'sign-in' ? 'sign-in' : 'verify',
                accountExists: note?.accountExists,
              },
              { publicUrl: config.publicUrl },
            ),
          );
          void mailer.send(mail);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// What the app uses of better-auth beyond its API calls. Its internal `$context` is read here and
// nowhere else, so an upgrade that moves these internals (docs/notes/better-auth.md) touches one file.

/** The session cookie as better-auth writes it: name, attributes, lifetime, refresh age, signing key. */
export async function sessionCookieSettings(auth: Auth) {
  const internals = await auth.$context;
  const cookie = internals.authCookies.sessionToken;
  return {
    name: cookie.name,
    attributes: cookie.attributes,
    expiresIn: internals.sessionConfig.expiresIn,
    updateAge: internals.sessionConfig.updateAge,
    secret: internals.secret,
  };
}

/** A password hashed the way better-auth checks it. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/** The stored code row (value and expiry) of an e-mailed code, as the email-OTP plugin keeps it. */
export async function storedCode(auth: Auth, identifier: string) {
  return (await auth.$context).internalAdapter.findVerificationValue(identifier);
}

/** Opens a session for an account; the route sets its cookie (setSessionCookie in lib/session.ts). */
export async function createSession(auth: Auth, userId: string) {
  return (await auth.$context).internalAdapter.createSession(userId);
}

/**
 * Runs `call` (calls into `auth.api`) with better-auth's database work on `tx`, the caller's open
 * transaction, instead of its own statements and transactions on the pool: a sign-in is then one
 * transaction with our own checks around it (issue 33, decision 0061). better-auth looks its adapter
 * up in its async context for every statement and joins a transaction it finds there
 * (`runWithTransaction`); its after-commit hooks are handed back to run once `tx` has committed.
 */
export async function authInTransaction<T>(
  auth: Auth,
  tx: DbOrTx,
  call: () => Promise<T>,
): Promise<{ result: T; afterCommit: Array<() => Promise<void>> }> {
  const internals = await auth.$context;
  const adapter = drizzleAdapter(tx as Db, adapterConfig)(internals.options);
  const storage = await getCurrentDBAdapterAsyncLocalStorage();
  const pendingHooks: Array<() => Promise<void>> = [];
  const result = await storage.run({ adapter, pendingHooks, isTransactionActive: true }, call);
  return { result, afterCommit: pendingHooks };
}
