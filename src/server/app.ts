import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { HTTPException } from 'hono/http-exception';
import type { Config } from './env';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { AppError, type ErrorBody } from './lib/errors';
import { healthRoutes } from './modules/health/routes';
import { staticClient } from './lib/static-client';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Directory of the built front end; omitted in API-only tests. */
  clientDir?: string;
}

export type AppEnv = { Variables: { requestId: string; deps: AppDeps } };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger.info(
      { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms },
      'request',
    );
  });

  const api = new Hono<AppEnv>();
  api.route('/health', healthRoutes);
  api.all('*', () => {
    throw new AppError('not_found', 'Not found');
  });
  app.route('/api', api);

  if (deps.clientDir) app.route('/', staticClient(deps.clientDir));

  app.onError((error, c) => {
    const reqId = c.get('requestId') ?? 'unknown';
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message, requestId: reqId };
      if (error.details) body.details = error.details;
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json({ code: 'bad_request', message: error.message || 'Bad request', requestId: reqId }, error.status);
    }
    deps.logger.error({ err: error, requestId: reqId, path: c.req.path }, 'unhandled error');
    return c.json(
      { code: 'internal', message: 'An unexpected error occurred', requestId: reqId } satisfies ErrorBody,
      500,
    );
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
