import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { MyCycleScreen } from '@client/features/cycle/components/my-cycle';

export function CycleRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>My Cycle · StackDays</title>
      <MyCycleScreen unitPref={user.unitPref} />
    </>
  );
}
