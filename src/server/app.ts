import { Hono, type ErrorHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { HTTPException } from 'hono/http-exception';
import { AppError, type ErrorBody } from './lib/errors';
import type { AppDeps, AppEnv } from './lib/deps';
import { sameOrigin } from './http/same-origin';
import { staticClient } from './render/static-client';
import { authGateway } from './http/auth-gateway';
import { allowedHosts } from './http/allowed-hosts';
import { apiBodyLimit } from './http/body-limit';
import { noStoreByDefault, securityHeaders } from './http/security-headers';
import { compression } from './http/compression';
import { requestLocale } from './http/request-locale';
import { redactPath } from './lib/redact';
import { codeForStatus, errorAnswer, isPublicApiPath } from './http/problem';
import { connectionRoutes } from './modules/connections/routes';
import { publicApi } from './modules/connections/public-api-routes';
import { healthRoutes, readyRoutes } from './modules/health/routes';
import { observeDataDir, observeDatabase } from './lib/metrics';
import { metricsEndpoint, requestMetrics } from './http/metrics';
import { countMembersInFlight } from './lib/pacing';
import { REQUEST_ID_MAX_LENGTH } from '@shared/constants';
import { msg } from '@shared/messages';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { accountRoutes } from './modules/account/routes';
import { couponRoutes } from './modules/coupons/routes';
import { subscriptionRoutes } from './modules/subscription/routes';
import { subscriptionGate } from './http/subscription-gate';
import { checkinRoutes, updateRoutes } from './modules/checkins/routes';
import { mediaRoutes } from './modules/media/routes';
import { inviteRoutes } from './modules/invites/routes';
import { commentRoutes, feedRoutes, postRoutes } from './modules/feed/routes';
import { cycleRoutes } from './modules/cycles/routes';
import { reviewRoutes } from './modules/review/routes';
import { progressPhotoRoutes } from './modules/progress-photos/routes';
import { communityRoutes } from './modules/community/routes';
import { adminRoutes, badgeImageRoutes } from './modules/admin/routes';
import {
  accountDataRoutes,
  avatarRoutes,
  profileRoutes,
  settingsRoutes,
} from './modules/profile/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { languageRoutes } from './modules/profile/language-routes';
import { workoutRoutes } from './modules/workouts/routes';
import { clientReportRoutes } from './modules/client-reports/routes';
import { crewInviteRoutes, crewRoutes } from './modules/crews/routes';
import { crewCycleRoutes } from './modules/crew-cycles/routes';

export type { AppDeps, AppEnv };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  handleEveryRequest(app, deps);
  // The public API (decision 0044): bearer tokens only, no cookie, no same-origin check (phones
  // are not browsers), problem details for errors. Mounted before /api so it never meets a session.
  app.route('/api/v1', publicApi());
  app.route('/api', memberApi(deps));
  app.get(
    '/metrics',
    metricsEndpoint(deps.config.metricsToken, { behindProxy: deps.config.trustProxy > 0 }),
  );
  // The member screens are rendered with the answers of the app's own API, asked in this process.
  if (deps.clientDir)
    app.route(
      '/',
      staticClient(
        deps.clientDir,
        (request, env) => app.fetch(request, env),
        deps.config.legalTexts,
      ),
    );
  app.onError(answerError(deps));
  return app;
}

/**
 * A worker process's answers (STACKDAYS_ROLE=worker, issue 48): it runs the background jobs, and
 * answers only what probes and Prometheus ask (health, readiness, metrics); anything else is 404.
 */
export function createWorkerApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  handleEveryRequest(app, deps);
  app.route('/api/health', healthRoutes);
  app.route('/api/ready', readyRoutes());
  app.get(
    '/metrics',
    metricsEndpoint(deps.config.metricsToken, { behindProxy: deps.config.trustProxy > 0 }),
  );
  app.all('*', () => {
    throw new AppError('not_found', msg.notFound);
  });
  app.onError(answerError(deps));
  return app;
}

/** What every request passes through first: its id, its log line and metrics, and the guards. */
function handleEveryRequest(app: Hono<AppEnv>, deps: AppDeps) {
  // A caller's X-Request-Id is kept when short and plain (letters, digits, _ - =), else a UUID (0078).
  app.use(requestId({ limitLength: REQUEST_ID_MAX_LENGTH }));
  // Everything the request writes is in its locale (decision 0118).
  app.use(requestLocale);
  app.use(async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: redactPath(c.req.path),
        status: c.res.status,
        ms,
      },
      'request',
    );
  });
  observeDatabase(deps.db);
  observeDataDir(deps.config.dataDir);
  app.use(requestMetrics);
  // While a member's request is in flight, the jobs' sends yield the thread to it (decision 0101).
  app.use(countMembersInFlight);
  // Brotli or gzip for text answers built in memory; built files are precompressed (0022).
  app.use(compression());
  // Decision 0012: headers on every answer (errors included), then the Host check and body cap
  // before any route reads anything.
  app.use(securityHeaders(deps.config));
  app.use(allowedHosts(deps.config));
  app.use('/api/*', noStoreByDefault, apiBodyLimit());
}

/** The API the app's own screens call under /api: same origin only, with the member's session. */
function memberApi(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.use(sameOrigin(deps.config.publicUrl));
  api.use(subscriptionGate); // REQUIRE_SUBSCRIPTION (decision 0018)
  api.route('/health', healthRoutes);
  api.route('/ready', readyRoutes());
  api.route('/auth', authGateway);
  api.route('/account', accountRoutes);
  api.route('/coupons', couponRoutes);
  api.route('/subscription', subscriptionRoutes);
  api.route('/checkins', checkinRoutes);
  api.route('/updates', updateRoutes);
  api.route('/media', mediaRoutes);
  api.route('/invites', inviteRoutes);
  api.route('/feed', feedRoutes);
  api.route('/posts', postRoutes);
  api.route('/comments', commentRoutes);
  api.route('/crews', crewRoutes);
  api.route('/crews', crewCycleRoutes);
  api.route('/crew-invites', crewInviteRoutes);
  api.route('/cycle', cycleRoutes);
  api.route('/review', reviewRoutes);
  api.route('/progress-photos', progressPhotoRoutes);
  api.route('/community', communityRoutes);
  api.route('/admin', adminRoutes);
  api.route('/badges', badgeImageRoutes);
  api.route('/profile', profileRoutes);
  api.route('/settings', settingsRoutes);
  api.route('/language', languageRoutes);
  api.route('/account', accountDataRoutes);
  api.route('/avatars', avatarRoutes);
  api.route('/workouts', workoutRoutes);
  api.route('/notifications', notificationRoutes);
  api.route('/client-reports', clientReportRoutes);
  api.route('/connections', connectionRoutes);
  api.all('*', () => {
    throw new AppError('not_found', msg.notFound);
  });
  return api;
}

/** Every error as `{ code, message, requestId }` with its status; a 500 never leaks its message. */
function answerError(deps: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    const reqId = c.get('requestId') ?? 'unknown';
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message, requestId: reqId };
      if (error.details) body.details = error.details;
      // Every refusal for too many requests, and every "not now", says when to come back, in the
      // header clients read too.
      if (error.status === 429 || error.status === 503)
        c.header('Retry-After', String(retryAfterSeconds(error.details)));
      // A part of the system failing (the file store away or full) is the operator's to see.
      if (error.status >= 500)
        deps.logger.warn(
          { err: error.cause ?? error, requestId: reqId, path: redactPath(c.req.path) },
          error.message,
        );
      return errorAnswer(c, body, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      if (error.status === 429) c.header('Retry-After', String(retryAfterSeconds(undefined)));
      return errorAnswer(
        c,
        {
          code: isPublicApiPath(c.req.path) ? codeForStatus(error.status) : 'bad_request',
          message: error.message || msg.badRequest,
          requestId: reqId,
        },
        error.status,
      );
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restarting, unreachable, or the statement ran out of time): the request
      // is not at fault and may be tried again shortly (decision 0041).
      deps.logger.warn(
        { err: error, requestId: reqId, path: redactPath(c.req.path) },
        'database unavailable',
      );
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return errorAnswer(
        c,
        { code: 'unavailable', message: msg.serviceUnavailable, requestId: reqId },
        503,
      );
    }
    deps.logger.error(
      { err: error, requestId: reqId, path: redactPath(c.req.path) },
      'unhandled error',
    );
    return errorAnswer(
      c,
      { code: 'internal', message: msg.unexpectedError, requestId: reqId },
      500,
    );
  };
}

export type App = ReturnType<typeof createApp>;

/** `details.retryAfter` as whole seconds (at least 1); a refusal that names no wait says a minute. */
function retryAfterSeconds(details: Record<string, unknown> | undefined): number {
  const seconds = Number(details?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}
