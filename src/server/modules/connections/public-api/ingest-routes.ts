import { createRoute, z, type Hook } from '@hono/zod-openapi';
import type { z as zod } from 'zod';
import { SYNC_OUTCOMES, type BridgeApp } from '@shared/constants';
import { msg } from '@shared/messages';
import { ingestDelivery, refuseDelivery } from '../ingest/ingest';
import { healthAutoExportPayload, readHealthAutoExport } from '../ingest/health-auto-export';
import { healthConnectPayload, readHealthConnect } from '../ingest/health-connect';
import type { BridgeDelivery } from '../ingest/samples';
import { json, problems } from './answer-routes';
import { tokenContext, type PublicApi } from './bearer-token-routes';

// POST /ingest/health-auto-export and POST /ingest/health-connect: two phone apps' own payloads
// (issue 45, decision 0106), read as each app sends them, with the member's connection token.

const Totals = z.object({
  steps: z.int().min(0).optional(),
  moveMinutes: z.int().min(0).optional(),
  waterMl: z.int().min(0).optional(),
  proteinG: z.int().min(0).optional(),
});

const IngestResult = z
  .object({
    outcome: z.enum(SYNC_OUTCOMES).openapi({
      description:
        '`used`: today’s samples were used; `skipped`: none were today’s; `test`: the app’s test delivery, which changes nothing.',
    }),
    detail: z.object({
      used: Totals.optional().openapi({
        description: 'Today’s totals from this app after the delivery (kept kinds only).',
      }),
      nothingNew: z
        .boolean()
        .optional()
        .openapi({ description: 'The same samples had already arrived.' }),
      skipped: z
        .object({ dayClosed: z.int().min(0), notStarted: z.int().min(0) })
        .optional()
        .openapi({
          description: 'Samples of other days: never used (a day that ended is closed).',
        }),
    }),
  })
  .openapi('IngestResult');

const DESCRIPTION =
  'Keeps only steps, move minutes (the exercise-time metric when the payload has one, else the sum of exercise sessions), ' +
  'water (litres) and protein (grams), for the member’s today in their own time zone; everything else is dropped unread, ' +
  'never stored or logged. Samples of other days are skipped with the reason "day closed" and the answer is still 200. ' +
  'Sending the same samples again changes nothing. Before the check-in the numbers fill in the form; after it they may ' +
  'raise steps and minutes. Needs the `activity:write` scope. Bodies up to 10 MB.';

const ingestRoute = <S extends zod.ZodType>(app: BridgeApp, schema: S, summary: string) =>
  createRoute({
    method: 'post',
    path: `/ingest/${app}`,
    operationId: app === 'health-auto-export' ? 'ingestHealthAutoExport' : 'ingestHealthConnect',
    summary,
    description: DESCRIPTION,
    security: [{ bearerAuth: [] }],
    request: {
      body: { required: true, content: { 'application/json': { schema } } },
    },
    responses: {
      200: json(IngestResult, 'Read; today’s samples used, or the reason they were not.'),
      ...problems(400, 401, 403, 413, 415, 422, 429),
    },
  });

const haeRoute = ingestRoute(
  'health-auto-export',
  healthAutoExportPayload,
  'Health Auto Export (iPhone): its REST API automation’s JSON',
);
const hcRoute = ingestRoute(
  'health-connect',
  healthConnectPayload,
  'Health Connect to Webhook (Android): its webhook’s JSON',
);

/**
 * A payload the route's schema cannot read is logged as refused in the member's sync log and answered
 * 422, naming the first bad path.
 */
function refusedUnread(app: BridgeApp): Hook<unknown, never, string, Promise<void>> {
  return async (result, c) => {
    if (result.success) return;
    const issue = result.error.issues[0];
    const problem =
      issue?.code === 'invalid_type' ? msg.bridgeExpected(issue.expected) : (issue?.message ?? '');
    const ctx = await tokenContext(c as never, 'activity:write');
    await refuseDelivery(ctx, { app, path: (issue?.path ?? []).join('.'), problem });
  };
}

/** Adds the two ingest operations to the public API. */
export function ingestRoutes(v1: PublicApi) {
  const deliver = async (
    c: Parameters<typeof tokenContext>[0],
    app: BridgeApp,
    read: () => BridgeDelivery,
  ) => {
    const ctx = await tokenContext(c, 'activity:write');
    return ingestDelivery(ctx, { app, read, tokenId: c.get('holder').tokenId });
  };
  v1.openapi(
    haeRoute,
    async (c) => {
      const payload = c.req.valid('json');
      return c.json(
        await deliver(c, 'health-auto-export', () => readHealthAutoExport(payload)),
        200,
      );
    },
    refusedUnread('health-auto-export') as never,
  );
  v1.openapi(
    hcRoute,
    async (c) => {
      const payload = c.req.valid('json');
      return c.json(await deliver(c, 'health-connect', () => readHealthConnect(payload)), 200);
    },
    refusedUnread('health-connect') as never,
  );
}
