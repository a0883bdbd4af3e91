import { Link } from 'react-router';
import { Activity, Footprints, NotebookPen, Salad } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button';
import { LegalLinks } from '@client/components/layout/legal-links';
import { LanguageMenu } from '@client/components/layout/language-menu';
import { SignInBar } from '@client/components/layout/sign-in-bar';
import { CYCLE_LENGTH_DAYS, PRICES, PRODUCT_NAME, TRIAL_DAYS } from '@shared/constants';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';

// Read when the page renders, in its language (never at import: decision 0116).
const pillars = () => [
  { icon: Activity, title: msg.landing.moveTitle, text: msg.landing.moveText },
  { icon: Footprints, title: msg.landing.stepsTitle, text: msg.landing.stepsText },
  { icon: Salad, title: msg.landing.fuelTitle, text: msg.landing.fuelText },
  { icon: NotebookPen, title: msg.landing.journalTitle, text: msg.landing.journalText },
];

export function LandingRoute() {
  return (
    <div className="min-h-dvh">
      <SignInBar />

      <main>
        <section className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 pt-10 pb-16 sm:pt-20">
          <p className="rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
            {msg.landing.kicker(CYCLE_LENGTH_DAYS)}
          </p>
          <h1 className="max-w-3xl text-4xl leading-tight font-black tracking-tight sm:text-6xl">
            {msg.mail.tagline}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            {msg.landing.lead(CYCLE_LENGTH_DAYS)}
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={pagePath('pricing')} className={buttonVariants({ size: 'lg' })}>
              {msg.startYour90Days}
            </Link>
            <Link
              to={pagePath('signin')}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              {msg.landing.haveAccount}
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">{msg.landing.trialNote(TRIAL_DAYS)}</p>
        </section>

        <section aria-labelledby="pillars" className="bg-muted/60 py-16">
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="pillars" className="mb-8 text-2xl font-bold tracking-tight">
              {msg.landing.pillarsHeading}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {pillars().map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-2xl border border-border bg-card p-5">
                  <Icon aria-hidden className="mb-3 size-7 text-accent-text" />
                  <h3 className="mb-1 font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-20 text-center">
          <h2 className="text-3xl font-black tracking-tight">{msg.landing.dayOneHeading}</h2>
          <p className="max-w-md text-muted-foreground">
            {msg.landing.prices(PRICES.monthly.amountUsd, PRICES.yearly.amountUsd)}
          </p>
          <Link to={pagePath('pricing')} className={buttonVariants({ size: 'lg' })}>
            {msg.landing.seePricing}
          </Link>
        </section>
      </main>

      <footer className="flex flex-col items-center gap-1 border-t border-border py-6 text-center text-sm text-muted-foreground">
        <LegalLinks />
        <LanguageMenu />© {new Date().getFullYear()} {PRODUCT_NAME}
      </footer>
    </div>
  );
}
