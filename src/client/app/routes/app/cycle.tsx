import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { cycleQueryOptions, useCycle } from '@client/features/cycle/api/get-cycle';
import { CycleTabs } from '@client/features/cycle/components/cycle-tabs';
import { MyCycleScreen } from '@client/features/cycle/components/my-cycle';
import { reviewWeeksQueryOptions } from '@client/features/review/api/get-review-weeks';
import { ReviewWeeksList } from '@client/features/review/components/review-weeks-list';
import { StreakPanel } from '@client/features/streaks/components/streak-panel';
import { memberLoader } from './layout';
import { msg } from '@shared/messages';

/**
 * Rendered on the server with the member's cycle and their cycles' review weeks
 * (src/shared/pages.ts): a finished cycle's reviews are on the page before any script runs.
 */
export const loader = memberLoader(
  (client) => client.fetchQuery(cycleQueryOptions),
  (client) => client.fetchQuery(reviewWeeksQueryOptions),
);

export function CycleRoute() {
  const user = useSignedInUser();
  const cycle = useCycle();
  return (
    <>
      <title>{msg.cyclePage.title}</title>
      <CycleTabs current="overview" />
      <MyCycleScreen
        unitPref={user.unitPref}
        belowHero={(cycle) => <StreakPanel cycle={cycle} />}
      />
      {cycle.data && (
        <div className="mt-6 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
          <ReviewWeeksList cycle={cycle.data.cycle} />
        </div>
      )}
    </>
  );
}
