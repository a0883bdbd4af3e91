import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PRODUCT_NAME } from '@shared/constants';
import type { PublicApi } from './bearer-token-routes';

// The OpenAPI document at /api/v1/openapi.json and its reference page. Redoc's standalone bundle
// comes from the redoc package, served from here (no CDN), so the page keeps the site's
// Content-Security-Policy (scripts from 'self' only). Search is off: it would start a blob: worker
// the policy does not allow.

/** Adds the OpenAPI document, the reference page and Redoc's bundle to the public API. */
export function referenceRoutes(v1: PublicApi) {
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
}

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
