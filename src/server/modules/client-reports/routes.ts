import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { msg } from '@shared/messages';
import { CLIENT_REPORT_MAX_BYTES } from '@shared/client-report';
import { clientReportSchema } from '@shared/domain/client-report';
import type { AppEnv } from '../../lib/deps';
import { actorFor, createContext } from '../../lib/context';
import { clientIp } from '../../http/client-ip';
import { AppError } from '../../lib/errors';
import { jsonBody } from '../../http/validate';
import { recordClientReport } from './service';

/**
 * POST /api/client-reports: the browser's beacon (navigator.sendBeacon, same origin, so the CSP's
 * connect-src 'self' and the same-origin guard both hold). No session is read: the report is anonymous.
 */
export const clientReportRoutes = new Hono<AppEnv>().post(
  '/',
  bodyLimit({
    maxSize: CLIENT_REPORT_MAX_BYTES,
    onError: () => {
      throw new AppError('payload_too_large', msg.requestTooLarge);
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const ctx = createContext(deps, {
      actor: actorFor(null),
      requestId: c.get('requestId'),
      ip: clientIp(c, deps.config.trustProxy),
    });
    await recordClientReport(ctx, await jsonBody(c, clientReportSchema));
    return c.body(null, 204);
  },
);
