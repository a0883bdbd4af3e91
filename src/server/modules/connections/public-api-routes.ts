/**
 * The public API, /api/v1 (decision 0044): what a member's phone automation calls with a personal
 * access token. Every operation is declared once with zod (@hono/zod-openapi): the same schemas
 * check each request and make the OpenAPI 3.1 document at /api/v1/openapi.json, so the two cannot
 * drift. /api/v1/reference shows that document as a page (Redoc, served from this server).
 *
 * No cookie is read here and no session is made: a token acts only as its member, only within its
 * scopes. Errors are RFC 9457 problem details (lib/http/problem.ts), with code, message, requestId.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  API_FAILED_AUTH_PER_MINUTE,
  API_PAGE_SIZE,
  API_PAGE_SIZE_MAX,
  API_REQUESTS_PER_MINUTE,
  PRODUCT_NAME,
  type ApiTokenScope,
} from '@shared/constants';
import type { CheckinView } from '@shared/api-types';
import { connectionActivitySchema } from '@shared/domain/schemas';
import { isSubscribed } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { checkins } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import { createContext, type ServiceContext } from '../../lib/context';
import type { AppEnv } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { PROBLEM_JSON } from '../../http/problem';
import { pageCursors } from '../../lib/page-cursor';
import { hit } from '../../lib/rate-limit';
import { fieldErrors } from '../../http/validate';
import { getMyCycle } from '../cycles/service';
import { getToday } from '../checkins/service';
import { subscriptionRow } from '../subscription/service';
import { activitySourceOf, putTodayActivity } from './activity';
import { authenticateApiToken, type TokenHolder } from './tokens';

type ApiEnv = { Variables: AppEnv['Variables'] & { holder: TokenHolder } };

// ---------------------------------------------------------------------------------------------------
// Schemas of the answers (the request schemas are the shared ones)
// ---------------------------------------------------------------------------------------------------

const localDate = z.iso.date().openapi({ example: '2026-11-25' });
const instant = z.iso.datetime({ offset: true }).openapi({ example: '2026-11-25T19:42:00.000Z' });

const Problem = z
  .object({
    type: z.string().openapi({ example: 'about:blank' }),
    title: z.string().openapi({ example: 'Unauthorized' }),
    status: z.int().openapi({ example: 401 }),
    detail: z.string(),
    code: z.string().openapi({ example: 'unauthorized' }),
    message: z.string().openapi({ example: msg.apiTokenInvalid }),
    requestId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('Problem', { description: 'An error, as RFC 9457 problem details.' });

const ActivityInput = connectionActivitySchema.meta({
  id: 'ActivityInput',
  description:
    'Steps and move minutes for today (decimals are rounded), where they come from, and optionally the day the phone counted them for.',
  example: { steps: 8432, moveMinutes: 37, source: 'Apple Health', date: '2026-11-25' },
});

const Activity = z
  .object({
    date: localDate,
    steps: z.int().min(0),
    moveMinutes: z.int().min(0),
    source: z.string().openapi({ example: 'Apple Health' }),
    receivedAt: instant,
  })
  .openapi('Activity', { description: 'The numbers a connection last sent for a day.' });

const ActivitySource = z
  .object({ source: z.string(), at: instant })
  .openapi('ActivitySource', { description: 'Where the steps and minutes came from.' });

const Checkin = z
  .object({
    id: z.uuid(),
    date: localDate,
    dayNumber: z.int().min(1),
    steps: z.int().min(0),
    moveMinutes: z.int().min(0),
    proteinTargetHit: z.boolean(),
    hydrationGoalHit: z.boolean(),
    journalMd: z.string(),
    activitySource: ActivitySource.nullable(),
    createdAt: instant,
  })
  .openapi('Checkin');

const ActivityResult = z
  .object({
    activity: Activity,
    checkin: z
      .object({
        id: z.uuid(),
        steps: z.int().min(0),
        moveMinutes: z.int().min(0),
        raised: z.boolean().openapi({ description: 'Whether these numbers raised the check-in.' }),
      })
      .nullable()
      .openapi({ description: "Today's check-in after the numbers arrived; null before it." }),
  })
  .openapi('ActivityResult');

const Today = z
  .object({
    date: localDate,
    timeZone: z.string().openapi({ example: 'America/New_York' }),
    checkedIn: z.boolean(),
    checkin: Checkin.nullable(),
    connection: Activity.nullable(),
  })
  .openapi('Today');

const CheckinPage = z
  .object({
    checkins: z.array(Checkin),
    nextCursor: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `cursor` for the next page; null at the end.' }),
  })
  .openapi('CheckinPage');

const Cycle = z
  .object({
    id: z.uuid(),
    startDate: localDate,
    today: localDate,
    day: z.int().min(1),
    totalDays: z.int(),
    timeZone: z.string(),
    complete: z.boolean(),
    started: z.boolean(),
    stats: z.object({
      checkins: z.int().min(0),
      consistency: z.number(),
      currentStreak: z.int().min(0),
      longestStreak: z.int().min(0),
      totalMinutes: z.int().min(0),
      totalSteps: z.int().min(0),
    }),
    days: z.array(
      z.object({
        day: z.int().min(1),
        date: localDate,
        status: z.enum(['done', 'missed', 'today', 'upcoming']),
        steps: z.int().min(0),
        moveMinutes: z.int().min(0),
      }),
    ),
  })
  .openapi('Cycle');

const CheckinsQuery = z.object({
  limit: z.coerce
    .number({ error: msg.validation })
    .int({ error: msg.validation })
    .min(1, { error: msg.validation })
    .max(API_PAGE_SIZE_MAX, { error: msg.validation })
    .optional()
    .openapi({ param: { name: 'limit', in: 'query' }, example: API_PAGE_SIZE }),
  cursor: z
    .string()
    .max(200, { error: msg.invalidCursor })
    .optional()
    .openapi({ param: { name: 'cursor', in: 'query' } }),
});

// ---------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------

const problems = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: PROBLEM_DESCRIPTIONS[status] ?? 'Refused',
        content: { [PROBLEM_JSON]: { schema: Problem } },
      },
    ]),
  );

const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'No token, or not a live one (revoked tokens stop at once).',
  403: 'The token lacks the scope this operation needs.',
  409: 'The day named is not today in the member’s time zone.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  422: 'A value is missing, negative, too large or not a number.',
  429: 'Too many requests; see Retry-After.',
};

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const putActivity = createRoute({
  method: 'put',
  path: '/me/today/activity',
  operationId: 'putTodayActivity',
  summary: "Send today's steps and move minutes",
  description:
    "Replaces what this connection sent for the member's today (in their own time zone): sending again is safe. " +
    'Before the check-in, the numbers fill in the check-in form; after it, they may raise that day’s steps and minutes ' +
    '(never lower them) until the day ends. They never make a check-in and never change another day. ' +
    'Send `date` (the day the phone counted them for) so that numbers for a day that has ended are refused instead of ' +
    'landing on the next. Needs the `activity:write` scope.',
  security: [{ bearerAuth: [] }],
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: ActivityInput } },
    },
  },
  responses: {
    200: json(ActivityResult, 'Stored; the check-in raised if there is one.'),
    ...problems(400, 401, 403, 409, 413, 415, 422, 429),
  },
});

const getTodayRoute = createRoute({
  method: 'get',
  path: '/me/today',
  operationId: 'getToday',
  summary: 'Today: whether it is checked in, and its numbers',
  security: [{ bearerAuth: [] }],
  responses: {
    200: json(Today, "The member's today."),
    ...problems(401, 403, 429),
  },
});

const listCheckins = createRoute({
  method: 'get',
  path: '/me/checkins',
  operationId: 'listCheckins',
  summary: 'The member’s check-ins, newest first',
  description: 'Keyset paged: pass the answer’s `nextCursor` as `cursor` for the next page.',
  security: [{ bearerAuth: [] }],
  request: { query: CheckinsQuery },
  responses: {
    200: json(CheckinPage, 'One page of check-ins.'),
    ...problems(400, 401, 403, 422, 429),
  },
});

const getCycleRoute = createRoute({
  method: 'get',
  path: '/me/cycle',
  operationId: 'getCycle',
  summary: 'The member’s current 90-day cycle',
  security: [{ bearerAuth: [] }],
  responses: {
    200: json(Cycle, 'The active cycle, its figures and its days.'),
    ...problems(401, 403, 429),
  },
});

/** A check-in as the public API writes it (`date`, `moveMinutes`), from the app's own view. */
const checkinOut = (
  k: Pick<
    CheckinView,
    | 'id'
    | 'localDate'
    | 'dayNumber'
    | 'steps'
    | 'movedMinutes'
    | 'proteinTargetHit'
    | 'hydrationGoalHit'
    | 'journalMd'
    | 'activitySource'
    | 'createdAt'
  >,
): z.infer<typeof Checkin> => ({
  id: k.id,
  date: k.localDate,
  dayNumber: k.dayNumber,
  steps: k.steps,
  moveMinutes: k.movedMinutes,
  proteinTargetHit: k.proteinTargetHit,
  hydrationGoalHit: k.hydrationGoalHit,
  journalMd: k.journalMd,
  activitySource: k.activitySource,
  createdAt: k.createdAt,
});

const cursors = pageCursors({ t: z.iso.date(), id: z.uuid() });

/** The public API, mounted at /api/v1. */
export function publicApi() {
  const v1 = new OpenAPIHono<ApiEnv>({
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

  v1.openapi(putActivity, async (c) => {
    const ctx = tokenContext(c, 'activity:write');
    const input = c.req.valid('json');
    return c.json(
      await putTodayActivity(await ctx, input, { tokenId: c.get('holder').tokenId }),
      200,
    );
  });

  v1.openapi(getTodayRoute, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { cycle, checkin, connection } = await getToday(ctx);
    return c.json(
      {
        date: cycle.today,
        timeZone: cycle.timeZone,
        checkedIn: checkin !== null,
        checkin: checkin && checkinOut(checkin),
        connection,
      },
      200,
    );
  });

  v1.openapi(listCheckins, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { limit = API_PAGE_SIZE, cursor } = c.req.valid('query');
    const userId = c.get('holder').user.userId;
    const after = cursor ? cursors.decode(cursor) : null;
    const rows = await ctx.db
      .select()
      .from(checkins)
      .where(
        and(
          eq(checkins.userId, userId),
          after
            ? or(
                lt(checkins.localDate, after.t),
                and(eq(checkins.localDate, after.t), lt(checkins.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(checkins.localDate), desc(checkins.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json(
      {
        checkins: page.map((k) =>
          checkinOut({
            ...k,
            journalMd: k.journalMd ?? '',
            activitySource: activitySourceOf(k),
            createdAt: k.createdAt.toISOString(),
          }),
        ),
        nextCursor: rows.length > limit && last ? cursors.encode(last.localDate, last.id) : null,
      },
      200,
    );
  });

  v1.openapi(getCycleRoute, async (c) => {
    const ctx = await tokenContext(c, 'read');
    const { cycle, stats, days } = await getMyCycle(ctx);
    return c.json(
      {
        id: cycle.id,
        startDate: cycle.startDate,
        today: cycle.today,
        day: cycle.day,
        totalDays: cycle.totalDays,
        timeZone: cycle.timeZone,
        complete: cycle.complete,
        started: cycle.started,
        stats,
        days: days.map((d) => ({
          day: d.day,
          date: d.date,
          status: d.status,
          steps: d.steps,
          moveMinutes: d.movedMinutes,
        })),
      },
      200,
    );
  });

  v1.doc31('/openapi.json', (c) => ({
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0.0',
      description:
        `Send today's steps and move minutes from your phone, and read your own check-ins and cycle. ` +
        'Make a token in Settings → Connections. Errors are RFC 9457 problem details.',
    },
    servers: [{ url: `${c.get('deps').config.publicUrl}/api/v1` }],
  }));

  v1.get('/reference', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(REFERENCE_PAGE);
  });
  v1.get('/reference/redoc.standalone.js', async (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(await redocBundle());
  });

  v1.all('*', () => {
    throw new AppError('not_found', msg.apiNotFound);
  });
  return v1;
}

/**
 * The bearer token of every /api/v1/me request: a live token, within its own request limit, and (with
 * REQUIRE_SUBSCRIPTION) a member with an active plan. Failed checks count against the caller's
 * address, so guessing tokens is slow as well as hopeless (256 random bits).
 */
const bearerToken: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const deps = c.get('deps');
  const now = new Date();
  const presented = /^Bearer +(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  const holder = presented ? await authenticateApiToken(deps.db, presented, now) : null;
  if (!holder) {
    const ip = clientIp(c, deps.config.trustProxy);
    await limit(deps.db, `api:auth-failed:${ip}`, API_FAILED_AUTH_PER_MINUTE, now);
    c.header(
      'WWW-Authenticate',
      presented ? 'Bearer realm="StackDays", error="invalid_token"' : 'Bearer realm="StackDays"',
    );
    throw new AppError('unauthorized', presented ? msg.apiTokenInvalid : msg.apiTokenMissing);
  }
  await limit(deps.db, `api:token:${holder.tokenId}`, API_REQUESTS_PER_MINUTE, now);
  if (deps.config.requireSubscription) {
    const row = await subscriptionRow(deps.db, holder.user.userId);
    if (!isSubscribed(row?.status)) throw new AppError('forbidden', msg.subscriptionRequired);
  }
  c.set('holder', holder);
  await next();
};

/** Counts one request against a one-minute window; past `max`, 429 with Retry-After. */
async function limit(db: AppEnv['Variables']['deps']['db'], key: string, max: number, now: Date) {
  const result = await hit(db, { key, max, windowSeconds: 60 }, now);
  if (!result.allowed)
    throw new AppError('rate_limited', msg.apiRateLimited(result.retryAfter), {
      retryAfter: result.retryAfter,
    });
}

/** The service context of a token's request, once the token is known to hold `scope`. */
async function tokenContext(
  c: Parameters<MiddlewareHandler<ApiEnv>>[0],
  scope: ApiTokenScope,
): Promise<ServiceContext> {
  const holder = c.get('holder');
  if (!holder.scopes.includes(scope)) {
    c.header(
      'WWW-Authenticate',
      `Bearer realm="StackDays", error="insufficient_scope", scope="${scope}"`,
    );
    throw new AppError('forbidden', msg.apiTokenScopeMissing(scope));
  }
  const deps = c.get('deps');
  // A plain member whatever their role, and no request headers: nothing here can reach a cookie.
  return createContext(deps, {
    actor: { kind: 'member', user: holder.user },
    requestId: c.get('requestId'),
    ip: clientIp(c, deps.config.trustProxy),
  });
}

// ---------------------------------------------------------------------------------------------------
// The reference page: Redoc's standalone bundle from the redoc package, served from here (no CDN),
// so the page keeps the site's Content-Security-Policy (scripts from 'self' only). Search is off:
// it would start a blob: worker the policy does not allow.
// ---------------------------------------------------------------------------------------------------

const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} API reference</title>
<meta name="robots" content="noindex">
</head>
<body>
<redoc spec-url="/api/v1/openapi.json" disable-search></redoc>
<script src="/api/v1/reference/redoc.standalone.js"></script>
</body>
</html>
`;

const REDOCLY_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
let bundle: Promise<string> | undefined;
function redocBundle(): Promise<string> {
  bundle ??= readFile(
    createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'),
    'utf8',
  )
    // The sidebar's "by Redocly" logo is the bundle's one outside address: an empty data: image
    // instead, which Redoc's own onError hides, so the page asks nothing of any other host.
    .then((code) => code.replaceAll(REDOCLY_LOGO, 'data:,'))
    .catch((error) => {
      bundle = undefined;
      throw error;
    });
  return bundle;
}
