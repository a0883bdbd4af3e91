import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { MyCycleScreen } from '@client/features/cycle/components/my-cycle';
import { ReviewWeeksList } from '@client/features/review/components/review-weeks-list';

export function CycleRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>My Cycle · StackDays</title>
      <MyCycleScreen unitPref={user.unitPref} />
      <div className="mt-6 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        <ReviewWeeksList />
      </div>
    </>
  );
}
