/**
 * The public API, /api/v1 (decision 0044): what a member's phone automation calls with a personal
 * access token. Every operation is declared once with zod (@hono/zod-openapi): the same schemas
 * check each request and make the OpenAPI 3.1 document at /api/v1/openapi.json, so the two cannot
 * drift. /api/v1/reference shows that document as a page (Redoc, served from this server).
 *
 * No cookie is read here and no session is made: a token acts only as its member, only within its
 * scopes. Errors are RFC 9457 problem details (http/problem.ts), with code, message, requestId.
 * The operations sit in public-api/, one file per resource.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { msg } from '@shared/messages';
import { AppError } from '../../lib/errors';
import { fieldErrors } from '../../http/validate';
import { activityRoutes } from './public-api/activity-routes';
import { bearerToken, type PublicApi } from './public-api/bearer-token-routes';
import { checkinRoutes } from './public-api/checkin-routes';
import { ingestRoutes } from './public-api/ingest-routes';
import { cycleRoutes } from './public-api/cycle-routes';
import { referenceRoutes } from './public-api/reference-routes';

/** The public API, mounted at /api/v1. */
export function publicApi() {
  const v1: PublicApi = new OpenAPIHono({
    // A request the schemas refuse is a 422 problem naming each field, like every other form.
    defaultHook: (result) => {
      if (!result.success)
        throw new AppError('validation_failed', result.error.issues[0]?.message ?? msg.validation, {
          fields: fieldErrors(result.error),
        });
    },
  });
  v1.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token from Settings → Connections, sent as `Authorization: Bearer sdk_…`.',
  });

  v1.use('/me/*', bearerToken);
  v1.use('/ingest/*', bearerToken);

  // The order of the operations is the order of the document's paths.
  activityRoutes(v1);
  checkinRoutes(v1);
  cycleRoutes(v1);
  ingestRoutes(v1); // phone bridges' own payloads (issue 45)
  referenceRoutes(v1);

  v1.all('*', () => {
    throw new AppError('not_found', msg.apiNotFound);
  });
  return v1;
}
