import { Link } from 'react-router';
import { Activity, Footprints, NotebookPen, Salad } from 'lucide-react';
import { buttonVariants } from '@client/components/ui/button';
import { LegalLinks } from '@client/components/layout/legal-links';
import { LanguageMenu } from '@client/components/layout/language-menu';
import { SignInBar } from '@client/components/layout/sign-in-bar';
import { CYCLE_LENGTH_DAYS, PRICES, TAGLINE, TRIAL_DAYS } from '@shared/constants';
import { pagePath } from '@shared/pages';

const pillars = [
  {
    icon: Activity,
    title: 'Move',
    text: 'Log your move minutes every day. Walk, lift, stretch: it all counts.',
  },
  {
    icon: Footprints,
    title: 'Steps',
    text: 'Track your steps and watch the totals stack up across the cycle.',
  },
  {
    icon: Salad,
    title: 'Fuel',
    text: 'Hit your protein target and drink 8+ glasses of water. Two taps a day.',
  },
  {
    icon: NotebookPen,
    title: 'Journal',
    text: 'Write how it went, add proof photos and videos, and share it with the community.',
  },
];

export function LandingRoute() {
  const startLabel = `Start Your ${CYCLE_LENGTH_DAYS} Days - $${PRICES.monthly.amountUsd}/mo`;
  return (
    <div className="min-h-dvh">
      <SignInBar />

      <main>
        <section className="mx-auto flex max-w-5xl flex-col items-start gap-6 px-4 pt-10 pb-16 sm:pt-20">
          <p className="rounded-full border border-border px-3 py-1 text-sm text-muted-foreground">
            The {CYCLE_LENGTH_DAYS}-day consistency programme
          </p>
          <h1 className="max-w-3xl text-4xl leading-tight font-black tracking-tight sm:text-6xl">
            {TAGLINE}
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            One check-in a day on four pillars. Earn streak badges, keep your buddies honest, and
            watch {CYCLE_LENGTH_DAYS} days of proof stack up.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={pagePath('pricing')} className={buttonVariants({ size: 'lg' })}>
              {startLabel}
            </Link>
            <Link
              to={pagePath('signin')}
              className={buttonVariants({ variant: 'secondary', size: 'lg' })}
            >
              I already have an account
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">
            {TRIAL_DAYS}-day free trial. No card needed. Cancel anytime.
          </p>
        </section>

        <section aria-labelledby="pillars" className="bg-muted/60 py-16">
          <div className="mx-auto max-w-5xl px-4">
            <h2 id="pillars" className="mb-8 text-2xl font-bold tracking-tight">
              Four pillars. One check-in.
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {pillars.map(({ icon: Icon, title, text }) => (
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
          <h2 className="text-3xl font-black tracking-tight">Day 1 starts when you do.</h2>
          <p className="max-w-md text-muted-foreground">
            ${PRICES.monthly.amountUsd}/month after your free trial, or ${PRICES.yearly.amountUsd}
            /year.
          </p>
          <Link to={pagePath('pricing')} className={buttonVariants({ size: 'lg' })}>
            See pricing and start
          </Link>
        </section>
      </main>

      <footer className="flex flex-col items-center gap-1 border-t border-border py-6 text-center text-sm text-muted-foreground">
        <LegalLinks />
        <LanguageMenu />© {new Date().getFullYear()} StackDays
      </footer>
    </div>
  );
}
