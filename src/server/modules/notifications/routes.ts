import { Hono, type Context } from 'hono';
import { PRODUCT_NAME } from '@shared/constants';
import type { OkResponse, PushKeyResponse } from '@shared/api-types';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '@shared/domain/schemas';
import type { AppEnv } from '../../lib/deps';
import { escapeHtml } from '../../lib/html';
import { serviceContext } from '../../lib/request-context';
import { jsonBody } from '../../lib/validate';
import { getPushKey, subscribePush, unsubscribePush } from './push';
import { checkUnsubscribeLink, unsubscribeFromNudges } from './service';

// The unsubscribe link from nudge mails. GET shows one button (mail scanners open links, so a GET never
// changes anything); POST turns e-mail nudges off, from that button or from a mail client's one-click
// List-Unsubscribe-Post (RFC 8058), which sends no cookie and no Origin. The signature is the proof.

function page(c: Context<AppEnv>, title: string, body: string, status: 200 | 400 = 200) {
  // The link's signature must not leave in a Referer, but the button's POST must carry the page's
  // Origin: under no-referrer a browser sends `Origin: null` and the cross-site guard refuses it.
  // same-origin sends the Referer and Origin to us alone (decision 0015, issue 25 #2).
  c.header('Referrer-Policy', 'same-origin');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · ${PRODUCT_NAME}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5">
<p style="font-weight:800">${PRODUCT_NAME}</p><h1 style="font-size:1.4rem">${title}</h1>${body}</body></html>`,
    status,
  );
}

function linkParams(c: Context<AppEnv>) {
  return { userId: c.req.query('u') ?? '', signature: c.req.query('s') ?? '' };
}

const TAMPERED =
  '<p>This unsubscribe link is not valid: it may have been cut or changed. Nothing was changed. You can turn e-mail nudges off in Settings after signing in.</p>';

/** /api/notifications */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/unsubscribe', async (c) => {
    const { userId, signature } = linkParams(c);
    const link = await checkUnsubscribeLink(await serviceContext(c), { userId, signature });
    if (!link.ok) return page(c, 'Link not valid', TAMPERED, 400);
    const action = `/api/notifications/unsubscribe?${new URLSearchParams({ u: userId, s: signature })}`;
    return page(
      c,
      'Unsubscribe from e-mail nudges',
      `<p>Stop the daily check-in reminders and other nudges by e-mail. Codes and account mails still come.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font:inherit;font-weight:700;padding:.75rem 1.25rem;border-radius:.6rem;border:0;background:#a3e635;color:#0f172a;min-height:44px">Turn off e-mail nudges</button></form>`,
    );
  })
  .post('/unsubscribe', async (c) => {
    const ctx = await serviceContext(c);
    const result = await unsubscribeFromNudges(ctx, linkParams(c));
    if (!result.ok) return page(c, 'Link not valid', TAMPERED, 400);
    return page(
      c,
      'You are unsubscribed',
      '<p>E-mail nudges are off. You can turn them back on in Settings whenever you like.</p>',
    );
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
