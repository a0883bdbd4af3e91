import { Hono } from 'hono';
import { z } from 'zod';
import { NOTIFICATION_FILTER_ALL, NOTIFICATION_STATUSES } from '@shared/constants';
import { msg } from '@shared/messages';
import {
  adminCompSchema,
  adminCreateUserSchema,
  awardBadgeSchema,
  badgeSchema,
  couponFormSchema,
  INT4_MAX,
  storableText,
} from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { adminOnly, serviceContext } from '../../http/request-context';
import { MEDIA_CACHE_CONTROL, serveMedia } from '../../lib/storage';
import { jsonBody, parseWith, uuidPathParam } from '../../http/validate';
import { grantComp } from '../subscription/grants';
import { closeCrewAsAdmin, listCrews } from './crews';
import { listAuditEvents } from './audit';
import { badgeImageKey, uploadBadgeImage } from './badge-image';
import { awardBadge, createBadge, deleteBadge, listBadges, updateBadge } from './badges';
import {
  deletePost,
  getPost,
  listPosts,
  listReports,
  resolveReport,
  setPostHidden,
} from './content';
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupons';
import { listNotifications, listSubscriptions, triggerDailyReminders } from './logs';
import { listMemberLines, listMemberOptions, listUsers, USERS_PAGE_SIZE } from './user-list';
import { createUser, deleteUser, resendInvite, resetUserCycle, setUserAdmin } from './users';

const auditQuery = z.object({
  cursor: storableText().max(500).optional(),
  targetType: storableText().max(50).optional(),
  targetId: storableText().max(100).optional(),
});
const usersQuery = z.object({
  q: storableText().max(100).optional(),
  cursor: storableText().max(500).optional(),
});
const pageQuery = z.object({ cursor: storableText().max(500).optional() });
const searchPageQuery = usersQuery;
const notificationsQuery = pageQuery.extend({
  status: z
    .enum([NOTIFICATION_FILTER_ALL, ...NOTIFICATION_STATUSES], { error: () => msg.invalidOption })
    .optional()
    .transform((s) => (s === NOTIFICATION_FILTER_ALL ? undefined : s)),
});
const userId = z.object({ id: storableText().min(1).max(100) });
/** `ids=a,b,c`: the members of one page of Users, whose cycle lines it shows (decision 0132). */
const linesAsked = { error: () => msg.adminMemberLinesAsked(USERS_PAGE_SIZE) };
const memberLinesQuery = z.object({
  ids: storableText(linesAsked)
    .max(USERS_PAGE_SIZE * 101, linesAsked)
    .transform((ids) => ids.split(','))
    .pipe(
      z
        .array(z.string().min(1, linesAsked).max(100, linesAsked), linesAsked)
        .min(1, linesAsked)
        .max(USERS_PAGE_SIZE, linesAsked),
    ),
});
const uuidParam = uuidPathParam();
const badgeParam = z.object({
  id: z.coerce
    .number({ error: () => msg.notFound })
    .int()
    .positive()
    .max(INT4_MAX, { error: () => msg.notFound }),
});
const adminFlag = z.object({ isAdmin: z.boolean({ error: () => msg.invalidOption }) });
const hiddenFlag = z.object({ isHidden: z.boolean({ error: () => msg.invalidOption }) });
const activeFlag = z.object({ isActive: z.boolean({ error: () => msg.invalidOption }) });

/**
 * /api/admin/*: the middleware is a second fence; every admin service checks requireAdmin itself.
 * tests: admin-authz.db.test.ts walks these routes from the router, so a new one cannot go unchecked.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(adminOnly)
  // Crews (issue 30)
  .get('/crews', async (c) => {
    const input = parseWith(pageQuery, c.req.query());
    return c.json(await listCrews(await serviceContext(c), input));
  })
  .post('/crews/:id/close', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    return c.json(await closeCrewAsAdmin(await serviceContext(c), { crewId: id }));
  })
  .get('/audit', async (c) => {
    const input = parseWith(auditQuery, c.req.query());
    return c.json(await listAuditEvents(await serviceContext(c), input));
  })
  // Users
  .get('/users', async (c) => {
    const input = parseWith(usersQuery, c.req.query());
    return c.json(await listUsers(await serviceContext(c), input));
  })
  .get('/users/lines', async (c) => {
    const input = parseWith(memberLinesQuery, c.req.query());
    return c.json(await listMemberLines(await serviceContext(c), input));
  })
  .post('/users', async (c) => {
    const input = await jsonBody(c, adminCreateUserSchema);
    const created = await createUser(await serviceContext(c), input);
    return c.json(created, 201);
  })
  .put('/users/:id/admin', async (c) => {
    const { id } = parseWith(userId, c.req.param());
    const { isAdmin } = await jsonBody(c, adminFlag);
    return c.json(await setUserAdmin(await serviceContext(c), { userId: id, isAdmin }));
  })
  .post('/users/:id/invite', async (c) => {
    const { id } = parseWith(userId, c.req.param());
    return c.json(await resendInvite(await serviceContext(c), { userId: id }));
  })
  // Free time for a member whose access has ended (decision 0034): billing's comp, audited there.
  .post('/users/:id/comp', async (c) => {
    const { id } = parseWith(userId, c.req.param());
    const { comp } = await jsonBody(c, adminCompSchema);
    return c.json(await grantComp(await serviceContext(c), { userId: id, comp }));
  })
  .post('/users/:id/reset-cycle', async (c) => {
    const { id } = parseWith(userId, c.req.param());
    return c.json(await resetUserCycle(await serviceContext(c), { userId: id }));
  })
  .delete('/users/:id', async (c) => {
    const { id } = parseWith(userId, c.req.param());
    return c.json(await deleteUser(await serviceContext(c), { userId: id }));
  })
  .get('/members', async (c) => {
    const input = parseWith(usersQuery.pick({ q: true }), c.req.query());
    return c.json(await listMemberOptions(await serviceContext(c), input));
  })
  // Subscriptions and notifications
  .get('/subscriptions', async (c) => {
    const input = parseWith(pageQuery, c.req.query());
    const page = await listSubscriptions(await serviceContext(c), input);
    return c.json(page);
  })
  .get('/notifications', async (c) => {
    const input = parseWith(notificationsQuery, c.req.query());
    const page = await listNotifications(await serviceContext(c), input);
    return c.json(page);
  })
  .post('/notifications/reminders', async (c) =>
    c.json(await triggerDailyReminders(await serviceContext(c))),
  )
  // Posts and reports
  .get('/posts', async (c) => {
    const input = parseWith(searchPageQuery, c.req.query());
    return c.json(await listPosts(await serviceContext(c), input));
  })
  .get('/posts/:id', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    return c.json(await getPost(await serviceContext(c), { postId: id }));
  })
  .put('/posts/:id/hidden', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    const { isHidden } = await jsonBody(c, hiddenFlag);
    return c.json(await setPostHidden(await serviceContext(c), { postId: id, isHidden }));
  })
  .delete('/posts/:id', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    return c.json(await deletePost(await serviceContext(c), { postId: id }));
  })
  .get('/reports', async (c) => {
    const input = parseWith(searchPageQuery, c.req.query());
    return c.json(await listReports(await serviceContext(c), input));
  })
  .post('/reports/:id/resolve', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    return c.json(await resolveReport(await serviceContext(c), { reportId: id }));
  })
  // Badges
  .get('/badges', async (c) => c.json(await listBadges(await serviceContext(c))))
  .post('/badges', async (c) => {
    const input = await jsonBody(c, badgeSchema);
    const badge = await createBadge(await serviceContext(c), input);
    return c.json(badge, 201);
  })
  .post('/badges/award', async (c) => {
    const input = await jsonBody(c, awardBadgeSchema);
    return c.json(await awardBadge(await serviceContext(c), input));
  })
  .put('/badges/:id', async (c) => {
    const { id } = parseWith(badgeParam, c.req.param());
    const input = await jsonBody(c, badgeSchema);
    const badge = await updateBadge(await serviceContext(c), { badgeId: id, ...input });
    return c.json(badge);
  })
  // The body streams to storage (lib/storage ingest, listed in STREAMING_UPLOAD_ROUTES).
  .post('/badges/:id/image', async (c) => {
    const { id } = parseWith(badgeParam, c.req.param());
    const badge = await uploadBadgeImage(await serviceContext(c), {
      badgeId: id,
      body: c.req.raw.body,
      declaredType: c.req.header('content-type'),
    });
    return c.json(badge);
  })
  .delete('/badges/:id', async (c) => {
    const { id } = parseWith(badgeParam, c.req.param());
    return c.json(await deleteBadge(await serviceContext(c), { badgeId: id }));
  })
  // Coupons
  .get('/coupons', async (c) => {
    const input = parseWith(pageQuery, c.req.query());
    return c.json(await listCoupons(await serviceContext(c), input));
  })
  .post('/coupons', async (c) => {
    const input = await jsonBody(c, couponFormSchema);
    const coupon = await createCoupon(await serviceContext(c), input);
    return c.json(coupon, 201);
  })
  .put('/coupons/:id', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    const input = await jsonBody(c, couponFormSchema);
    const coupon = await updateCoupon(await serviceContext(c), { couponId: id, ...input });
    return c.json(coupon);
  })
  .put('/coupons/:id/active', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    const { isActive } = await jsonBody(c, activeFlag);
    const coupon = await updateCoupon(await serviceContext(c), { couponId: id, isActive });
    return c.json(coupon);
  })
  .delete('/coupons/:id', async (c) => {
    const { id } = parseWith(uuidParam, c.req.param());
    return c.json(await deleteCoupon(await serviceContext(c), { couponId: id }));
  });

/** /api/badges/badge-{id}.webp: a badge's current image, for signed-in members. */
export const badgeImageRoutes = new Hono<AppEnv>().on(['GET', 'HEAD'], '/:file', async (c) => {
  const ctx = await serviceContext(c);
  const key = await badgeImageKey(ctx, { file: c.req.param('file') });
  return serveMedia(c, ctx.storage, key, { cacheControl: MEDIA_CACHE_CONTROL.community });
});
