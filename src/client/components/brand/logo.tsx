import { Link } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';
import { pagePath } from '@shared/pages';

export function Logo({ to = pagePath('landing') }: { to?: string }) {
  return (
    <Link to={to} className="flex min-h-11 items-center gap-2 font-extrabold tracking-tight">
      <svg aria-hidden viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-slate-900 dark:fill-slate-800" />
        <rect x="7" y="19" width="18" height="4" rx="2" fill="#a3e635" />
        <rect x="9" y="13" width="14" height="4" rx="2" fill="#a3e635" />
        <rect x="11" y="7" width="10" height="4" rx="2" fill="#a3e635" />
      </svg>
      <span className="text-lg">{PRODUCT_NAME}</span>
    </Link>
  );
}
