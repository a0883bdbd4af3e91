import type { FormEvent } from 'react';
import { useId } from 'react';
import { useLocation } from 'react-router';
import { Languages } from 'lucide-react';
import { LOCALE_NAMES, LOCALES } from '@shared/i18n/locales';
import { currentLocale } from '@shared/i18n/translate';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';

/** The page's query string goes back too (an invite link's), once the app's script is running. */
function keepQuery(event: FormEvent<HTMLFormElement>) {
  const back = event.currentTarget.elements.namedItem('back');
  if (back instanceof HTMLInputElement)
    back.value = `${window.location.pathname}${window.location.search}`;
}

/**
 * The footer's language menu (issue 47, decision 0118): each language named in itself, one button
 * each, in a plain form to POST /api/language, so it works on a prerendered page before (and
 * without) the app's script. The server remembers the choice for this browser, saves it for a
 * signed-in member, and sends the page back, which then loads in that language.
 */
export function LanguageMenu({ className }: { className?: string }) {
  const id = useId();
  const { pathname } = useLocation();
  const current = currentLocale();
  return (
    <form
      method="post"
      action="/api/language"
      aria-labelledby={id}
      onSubmit={keepQuery}
      className={cn(
        'flex flex-wrap items-center justify-center gap-x-1 px-4 text-sm text-muted-foreground',
        className,
      )}
    >
      <input type="hidden" name="back" value={pathname} />
      <span id={id} className="inline-flex items-center gap-1.5 pr-1">
        <Languages aria-hidden className="size-4" />
        {msg.languageLabel}
      </span>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="language"
          value={locale}
          lang={locale}
          aria-current={locale === current ? 'true' : undefined}
          className={cn(
            'inline-flex min-h-11 items-center rounded px-2 underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            locale === current && 'font-semibold text-foreground',
          )}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </form>
  );
}
