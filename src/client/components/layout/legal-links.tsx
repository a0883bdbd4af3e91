import { LEGAL_PAGE_NAMES, pagePath } from '@shared/pages';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { LanguageMenu } from './language-menu';

/**
 * Links to the terms, privacy and health-disclaimer pages. Plain links, not the app's router: the
 * pages are served by the server (prerendered, or the operator's own text), never by the app.
 */
export function LegalLinks({ className }: { className?: string }) {
  return (
    <nav
      aria-label={msg.legalLinks.legal}
      className={cn('text-sm text-muted-foreground', className)}
    >
      <ul className="flex flex-wrap items-center justify-center gap-x-4 px-4">
        {LEGAL_PAGE_NAMES.map((name) => (
          <li key={name}>
            <a
              href={pagePath(name)}
              className="inline-flex min-h-11 items-center underline-offset-4 hover:text-foreground hover:underline focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {msg.legalTitles[name]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The foot of the visitor pages (pricing, sign-in, sign-up, the legal pages): the legal links and
 * the language menu.
 */
export function LegalFooter() {
  return (
    <footer className="flex flex-col gap-1 border-t border-border py-4">
      <LegalLinks />
      <LanguageMenu />
    </footer>
  );
}
