import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type {
  ConsentsSavedResponse,
  EarnedBadgesResponse,
  ExportLinkResponse,
  HealthProfileResponse,
  HealthSavedResponse,
  OkResponse,
  ProfileView,
  RestDaysView,
  SettingsResponse,
  SettingsSavedResponse,
} from '@shared/api-types';
import { consentsSchema, deleteAccountSchema } from '@shared/domain/profile-schemas';
import { healthProfileSchema, profileSchema, settingsSchema } from '@shared/domain/schemas';
import { restDaysSchema } from '@shared/domain/streak-schemas';
import { msg } from '@shared/messages';
import type { AppEnv } from '../../lib/deps';
import { serviceContext } from '../../http/request-context';
import { requireMember } from '../../lib/context';
import { setCookies } from '../../http/session';
import { setLocaleCookie } from '../../http/request-locale';
import { MEDIA_CACHE_CONTROL, serveMedia } from '../../lib/storage';
import { jsonBody, parseWith } from '../../http/validate';
import { signOut } from '../account/service';
import { deleteAccount } from './account-deletion';
import { requestExport, streamExport } from './data-export';
import { avatarAccess, removeAvatar, uploadAvatar } from './avatar';
import { completeIntake, getHealth, saveHealth, skipIntake } from './health';
import { getProfile, listEarnedBadges, updateProfile } from './service';
import { getSettings, updateConsents, updateSettings } from './settings';
import { getRestDays, setRestDays } from './rest-days';

// Each route: build the context, parse the input with the shared schemas, call one service, answer.
// None of them takes a member id from the request: the services act for the signed-in member.

/** /api/profile: the member's own profile, avatar, badges, health profile and intake. */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json((await getProfile(await serviceContext(c))) satisfies ProfileView))
  .put('/', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, profileSchema);
    const saved = await updateProfile(ctx, input);
    // Pages served without a session read (the prerendered ones) follow the setting too (0118).
    if (input.language) setLocaleCookie(c, input.language);
    return c.json(saved satisfies ProfileView);
  })
  .post('/avatar', async (c) => {
    const ctx = await serviceContext(c);
    const file = { body: c.req.raw.body, declaredType: c.req.header('content-type') };
    return c.json((await uploadAvatar(ctx, file)) satisfies ProfileView, 201);
  })
  .delete('/avatar', async (c) =>
    c.json((await removeAvatar(await serviceContext(c))) satisfies ProfileView),
  )
  .get('/badges', async (c) => {
    const badges = await listEarnedBadges(await serviceContext(c));
    return c.json({ badges } satisfies EarnedBadgesResponse);
  })
  .get('/health', async (c) =>
    c.json((await getHealth(await serviceContext(c))) satisfies HealthProfileResponse),
  )
  .put('/health', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, healthProfileSchema);
    return c.json((await saveHealth(ctx, input)) satisfies HealthSavedResponse);
  })
  .post('/intake', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, healthProfileSchema);
    return c.json((await completeIntake(ctx, input)) satisfies HealthSavedResponse);
  })
  .post('/intake/skip', async (c) =>
    c.json((await skipIntake(await serviceContext(c))) satisfies HealthProfileResponse),
  );

/** /api/settings: notifications, time zone and consents. */
export const settingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) =>
    c.json((await getSettings(await serviceContext(c))) satisfies SettingsResponse),
  )
  .put('/', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, settingsSchema);
    return c.json((await updateSettings(ctx, input)) satisfies SettingsSavedResponse);
  })
  .put('/consents', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, consentsSchema);
    return c.json((await updateConsents(ctx, input)) satisfies ConsentsSavedResponse);
  })
  // Rest days (issue 43): the plan now and its change from next Monday.
  .get('/rest-days', async (c) =>
    c.json((await getRestDays(await serviceContext(c))) satisfies RestDaysView),
  )
  .put('/rest-days', async (c) => {
    const ctx = await serviceContext(c);
    requireMember(ctx); // a signed-out caller is told so before the body is read
    const input = await jsonBody(c, restDaysSchema);
    return c.json((await setRestDays(ctx, input)) satisfies RestDaysView);
  });

const exportTokenParam = z.object({
  token: z.string().regex(/^\d{1,12}\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{1,100}$/, {
    error: () => msg.exportLinkExpired,
  }),
});

/** /api/account/export and /api/account/delete: the member's data, to take away or to erase. */
export const accountDataRoutes = new Hono<AppEnv>()
  .post('/export', async (c) =>
    c.json((await requestExport(await serviceContext(c))) satisfies ExportLinkResponse),
  )
  .get('/export/:token', async (c) => {
    const ctx = await serviceContext(c);
    const { token } = parseWith(exportTokenParam, c.req.param());
    const { filename, stream } = await streamExport(ctx, { token });
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    return c.body(stream);
  })
  .post('/delete', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, deleteAccountSchema);
    await deleteAccount(ctx, input);
    // The sessions went with the account; this clears the cookie in this browser too.
    setCookies(c, (await signOut(ctx)).cookies);
    return c.json({ ok: true } satisfies OkResponse);
  });

/** /api/avatars/{userId}/{file}: any member's current avatar, for signed-in members. */
export const avatarRoutes = new Hono<AppEnv>().on(
  ['GET', 'HEAD'],
  '/:userId/:file',
  async (c: Context<AppEnv>) => {
    const ctx = await serviceContext(c);
    const key = await avatarAccess(ctx, {
      userId: c.req.param('userId') ?? '',
      file: c.req.param('file') ?? '',
    });
    // Each avatar has its own address (a new upload gets a new one), so a cached copy never goes stale.
    return serveMedia(c, ctx.storage, key, { cacheControl: MEDIA_CACHE_CONTROL.community });
  },
);
