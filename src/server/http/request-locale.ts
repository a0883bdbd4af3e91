// The request's locale (decision 0118): the member's setting (applied when the session is read, in
// http/session.ts), else the visitor's `sd_lang` cookie from the footer's language menu, else the
// best match of Accept-Language, else English. Everything the request writes runs in it.

import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isLocale, matchLocale, type Locale } from '@shared/i18n/locales';
import { runWithLocale } from '../lib/locale';
import type { AppEnv } from '../lib/deps';

/** The visitor's chosen language, set by the footer's menu: one of LOCALES, else ignored. */
export const LOCALE_COOKIE = 'sd_lang';

/** A year: the choice outlives a session, as a visitor expects of a language menu. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers a language for this browser (the footer's menu, the Profile setting): pages served
 * without a session read (the prerendered ones) follow it too. Only a value of LOCALES is written.
 */
export function setLocaleCookie(c: Context<AppEnv>, locale: Locale): void {
  setCookie(c, LOCALE_COOKIE, locale, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').config.publicUrl.startsWith('https://'),
    maxAge: LOCALE_COOKIE_SECONDS,
  });
}

export function visitorLocale(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Locale {
  return isLocale(cookie) ? cookie : matchLocale(acceptLanguage);
}

export const requestLocale: MiddlewareHandler = async (c, next) => {
  const locale = visitorLocale(getCookie(c, LOCALE_COOKIE), c.req.header('accept-language'));
  await runWithLocale(locale, next);
  // A page is written in its reader's language: a shared cache keeps one per language (#120).
  if (c.res.headers.get('content-type')?.startsWith('text/html')) {
    c.res.headers.append('Vary', 'Accept-Language, Cookie');
  }
};
