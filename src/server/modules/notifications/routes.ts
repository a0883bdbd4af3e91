import { Hono, type Context } from 'hono';
import { PRODUCT_NAME } from '@shared/constants';
import type { OkResponse, PushKeyResponse } from '@shared/api-types';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { escapeHtml } from '../../lib/html';
import { scopeLocale } from '../../lib/locale';
import { serviceContext } from '../../http/request-context';
import type { UnsubscribeList } from '../../lib/tokens';
import { jsonBody } from '../../http/validate';
import { getPushKey, subscribePush, unsubscribePush } from './push';
import { checkUnsubscribeLink, unsubscribeFromNudges } from './service';

// The unsubscribe link from nudge mails. GET shows one button (mail scanners open links, so a GET never
// changes anything); POST turns e-mail nudges off, from that button or from a mail client's one-click
// List-Unsubscribe-Post (RFC 8058), which sends no cookie and no Origin. The signature is the proof.

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 400 = 200) {
  // The link's signature must not leave in a Referer, but the button's POST must carry the page's
  // Origin: under no-referrer a browser sends `Origin: null` and the cross-site guard refuses it.
  // same-origin sends the Referer and Origin to us alone (decision 0085, issue 25 #2).
  c.header('Referrer-Policy', 'same-origin');
  return c.html(
    `<!doctype html><html lang="${scopeLocale()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${PRODUCT_NAME}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5">
<p style="font-weight:800">${PRODUCT_NAME}</p><h1 style="font-size:1.4rem">${title}</h1>${body}</body></html>`,
    status,
  );
}

function linkParams(c: Context<AppEnv>) {
  const list: UnsubscribeList = c.req.query('l') === 'weekly_review' ? 'weekly_review' : 'nudges';
  return { userId: c.req.query('u') ?? '', signature: c.req.query('s') ?? '', list };
}

/** What each list's page says (decision 0049: the weekly review is its own list). */
const LISTS = {
  nudges: {
    title: 'Unsubscribe from e-mail nudges',
    lead: 'Stop the daily check-in reminders and other nudges by e-mail. Codes and account mails still come.',
    button: 'Turn off e-mail nudges',
    done: 'E-mail nudges are off. You can turn them back on in Settings whenever you like.',
  },
  weekly_review: {
    title: 'Unsubscribe from the weekly review e-mail',
    lead: 'Stop the e-mail that brings your weekly review. Your reviews stay in the app, and daily nudges are not changed.',
    button: 'Turn off the weekly review e-mail',
    done: 'The weekly review e-mail is off. You can turn it back on in Settings whenever you like.',
  },
} as const satisfies Record<UnsubscribeList, Record<string, string>>;

const TAMPERED =
  '<p>This unsubscribe link is not valid: it may have been cut or changed. Nothing was changed. You can turn e-mail nudges off in Settings after signing in.</p>';

/** /api/notifications */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/unsubscribe', async (c) => {
    const link = linkParams(c);
    const checked = await checkUnsubscribeLink(await serviceContext(c), link);
    if (!checked.ok) return page(c, 'Link not valid', TAMPERED, 400);
    const query = new URLSearchParams({ u: link.userId, s: link.signature });
    if (link.list !== 'nudges') query.set('l', link.list);
    const action = `/api/notifications/unsubscribe?${query}`;
    const text = LISTS[link.list];
    return page(
      c,
      text.title,
      `<p>${text.lead}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:.6rem;border:0;background:#a3e635;color:#0f172a;min-height:44px">${text.button}</button></form>`,
    );
  })
  .post('/unsubscribe', async (c) => {
    const ctx = await serviceContext(c);
    const link = linkParams(c);
    const result = await unsubscribeFromNudges(ctx, link);
    if (!result.ok) return page(c, 'Link not valid', TAMPERED, 400);
    return page(c, 'You are unsubscribed', `<p>${LISTS[link.list].done}</p>`);
  })
  .get('/push/key', async (c) =>
    c.json((await getPushKey(await serviceContext(c))) satisfies PushKeyResponse),
  )
  .post('/push/subscriptions', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, pushSubscriptionSchema);
    return c.json((await subscribePush(ctx, input)) satisfies OkResponse, 201);
  })
  .post('/push/unsubscribe', async (c) => {
    const ctx = await serviceContext(c);
    const input = await jsonBody(c, pushUnsubscribeSchema);
    return c.json((await unsubscribePush(ctx, input)) satisfies OkResponse);
  });
