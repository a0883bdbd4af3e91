import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@shared/api-types';
import { msg } from '@shared/messages';
import type { DbOrTx } from '../db/client';
import type { AppDeps } from './deps';
import { AppError } from './errors';

/**
 * Who a service acts for. Routes make `anonymous`, `member` or `admin` from the session; the scheduler,
 * webhooks and scripts act as `system` and name themselves (the name goes into the audit trail).
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'member'; user: SessionUser }
  | { kind: 'admin'; user: SessionUser }
  | { kind: 'system'; name: string };

/**
 * Everything a service may use, and nothing from HTTP: every service is `verb(ctx, input)`.
 * See docs/decisions/0011-service-context.md and 0102 (building blocks in queries/);
 * modules/coupons/ is the smallest module to copy, modules/checkins/service.ts spells out the rules.
 */
export interface ServiceContext extends Omit<AppDeps, 'db' | 'clientDir'> {
  actor: Actor;
  /** The database, or the open transaction when called inside withTransaction. */
  db: DbOrTx;
  /** The clock: tests and jobs pass their own. */
  now(): Date;
  requestId: string;
  /** The caller's address for per-client limits (null outside a request). */
  ip: string | null;
  /** The request's headers, for calls into better-auth that read the cookie (absent outside a request). */
  headers?: Headers;
  /**
   * Set by withTransaction: work to run as the transaction's last statements (beforeCommit), and
   * once it has committed (afterCommit).
   */
  transaction?: {
    beforeCommit: Array<(ctx: ServiceContext) => Promise<unknown>>;
    afterCommit: Array<(ctx: ServiceContext) => unknown>;
  };
}

export function createContext(
  deps: AppDeps,
  input: {
    actor: Actor;
    requestId?: string;
    ip?: string | null;
    headers?: Headers;
    now?: () => Date;
  },
): ServiceContext {
  const { db, config, logger, auth, secret, mailer, storage, cacheBus, caches } = deps;
  return {
    db,
    config,
    logger: input.requestId ? logger.child({ requestId: input.requestId }) : logger,
    auth,
    secret,
    mailer,
    storage,
    cacheBus,
    caches,
    actor: input.actor,
    now: input.now ?? (() => new Date()),
    requestId: input.requestId ?? `system-${randomUUID()}`,
    ip: input.ip ?? null,
    headers: input.headers,
  };
}

/** A context for work nobody asked for over HTTP: the scheduler, webhooks, scripts. */
export function systemContext(deps: AppDeps, name: string, now?: () => Date): ServiceContext {
  return createContext(deps, { actor: { kind: 'system', name }, now });
}

/** The same context acting for someone else (an admin's action on a member, a script for a member). */
export function actingAs(ctx: ServiceContext, actor: Actor): ServiceContext {
  return { ...ctx, actor };
}

export function actorFor(user: SessionUser | null): Actor {
  if (!user) return { kind: 'anonymous' };
  return user.isAdmin ? { kind: 'admin', user } : { kind: 'member', user };
}

/** The signed-in member (admins are members too), or 401 'Please sign in first'. */
export function requireMember(ctx: ServiceContext, message: string = msg.pleaseSignInFirst) {
  const { actor } = ctx;
  if (actor.kind === 'member' || actor.kind === 'admin') return actor.user;
  throw new AppError('unauthorized', message);
}

/**
 * An administrator, or the system itself (the CLI, the scheduler, webhooks): 401 when signed out,
 * 403 for members.
 */
export function requireAdmin(ctx: ServiceContext): void {
  if (ctx.actor.kind === 'admin' || ctx.actor.kind === 'system') return;
  requireMember(ctx);
  throw new AppError('forbidden', msg.forbidden);
}

/** Who did it, as the audit trail records it: a user id, or `system:<name>`, or null for anonymous. */
export function actorId(ctx: ServiceContext): string | null {
  const { actor } = ctx;
  if (actor.kind === 'system') return `system:${actor.name}`;
  return actor.kind === 'anonymous' ? null : actor.user.userId;
}

/**
 * Runs `fn` in one transaction: all of its writes commit or none do. Inside an open transaction it
 * joins that one, so services compose without knowing who opened it. Work queued with afterCommit
 * (cache clears, mail) runs only after the outermost commit, and never after a rollback.
 */
export async function withTransaction<T>(
  ctx: ServiceContext,
  fn: (ctx: ServiceContext) => Promise<T>,
): Promise<T> {
  if (ctx.transaction) return fn(ctx);
  const transaction: NonNullable<ServiceContext['transaction']> = {
    beforeCommit: [],
    afterCommit: [],
  };
  const result = await ctx.db.transaction(async (tx) => {
    const inner = { ...ctx, db: tx, transaction };
    const value = await fn(inner);
    for (const task of transaction.beforeCommit) await task(inner);
    return value;
  });
  for (const task of transaction.afterCommit) {
    try {
      await task(ctx);
    } catch (error) {
      ctx.logger.error({ err: error }, 'after-commit task failed');
    }
  }
  return result;
}

/**
 * Runs `task` as the last step inside the current transaction (after the service's own work, before
 * COMMIT), or at once outside a transaction. For statements that belong to the commit without being
 * worth a transaction of their own: a NOTIFY, which PostgreSQL delivers at commit and drops on a
 * rollback. A task that fails rolls the transaction back.
 */
export async function beforeCommit(
  ctx: ServiceContext,
  task: (ctx: ServiceContext) => Promise<unknown>,
): Promise<void> {
  if (ctx.transaction) ctx.transaction.beforeCommit.push(task);
  else await task(ctx);
}

/**
 * Runs `task` once the current transaction commits, or at once outside a transaction. It is given the
 * context outside the transaction: what it reads or writes is not part of the committed work.
 */
export function afterCommit(ctx: ServiceContext, task: (ctx: ServiceContext) => unknown): void {
  if (ctx.transaction) {
    ctx.transaction.afterCommit.push(task);
    return;
  }
  Promise.resolve()
    .then(() => task(ctx))
    .catch((error) => ctx.logger.error({ err: error }, 'after-commit task failed'));
}
