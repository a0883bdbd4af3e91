import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { cycleQueryOptions } from '@client/features/cycle/api/get-cycle';
import { MyCycleScreen } from '@client/features/cycle/components/my-cycle';
import { memberLoader } from './layout';

/** Rendered on the server with the member's cycle (src/shared/pages.ts). */
export const loader = memberLoader((client) => client.fetchQuery(cycleQueryOptions));

export function CycleRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>My Cycle · StackDays</title>
      <MyCycleScreen unitPref={user.unitPref} />
    </>
  );
}
