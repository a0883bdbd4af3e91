import { Link } from 'react-router';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { cn } from '@client/lib/cn';

/** My Cycle's two pages: the overview and the progress photos (issue 46). */
export function CycleTabs({ current }: { current: 'overview' | 'photos' }) {
  const tabs = [
    { key: 'overview', label: msg.cycleTab, to: pagePath('app-cycle') },
    { key: 'photos', label: msg.photosTab, to: pagePath('app-cycle-photos') },
  ] as const;
  return (
    <nav
      aria-label={msg.common.myCycle}
      className="mb-4 flex gap-1 rounded-xl bg-muted p-1 sm:w-fit"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          className={cn(
            'flex min-h-11 flex-1 items-center justify-center rounded-lg px-5 text-sm font-semibold',
            tab.key === current
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
