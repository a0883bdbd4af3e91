import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../lib/config';
import { signedUrlOrigin } from '../lib/storage/s3-requests';

/**
 * One policy for pages and API answers. Scripts only from our own files (the Vite build has no inline
 * script); no plugins, no framing, no <base> or form target elsewhere. Images and video also from
 * blob: and data: for the previews of files a member is about to upload. Styles allow 'unsafe-inline'
 * because sonner and Radix's scroll lock insert <style> elements at run time (decision 0012).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * CONTENT_SECURITY_POLICY, plus the bucket's origin for images and video when media are sent as
 * presigned URLs (S3_DOWNLOADS=signed, decision 0026): only there, and only for img and media.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'storage'>,
): typeof CONTENT_SECURITY_POLICY {
  const { storage } = config;
  if (storage.driver !== 's3' || storage.downloads !== 'signed' || !storage.s3) {
    return CONTENT_SECURITY_POLICY;
  }
  const origin = signedUrlOrigin(storage.s3);
  return {
    ...CONTENT_SECURITY_POLICY,
    imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, origin],
    mediaSrc: [...CONTENT_SECURITY_POLICY.mediaSrc, origin],
  };
}

/** One year; sent only when PUBLIC_URL is https, and without includeSubDomains (other hosts are not ours). */
const HSTS = 'max-age=31536000';

/**
 * CSP, X-Frame-Options DENY, nosniff, Referrer-Policy and (over https) HSTS on every answer, with
 * hono/secure-headers. A header a route set itself (a stricter Referrer-Policy on an invite page) wins.
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'storage'>): MiddlewareHandler {
  const https = new URL(config.publicUrl).protocol === 'https:';
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: https ? HSTS : false,
    overwrite: false,
  });
}

/**
 * API answers are private unless a route says otherwise (media and the leaderboard set their own).
 * The header goes onto the answer's own headers: `c.header()` after the route would copy the answer
 * into a new one through a stream, and @hono/node-server would then write it in pieces (decision 0027).
 */
export const noStoreByDefault: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
};
