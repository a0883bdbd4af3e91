import { myCrewsQueryOptions } from '@client/lib/api/get-my-crews';
import { CrewsScreen } from '@client/features/crews/components/crews-screen';
import { memberLoader } from './layout';

/** /app/crews is rendered on the server with the member's crews (decision 0117). */
export const loader = memberLoader((client) => client.fetchQuery(myCrewsQueryOptions));

/** /app/crews: your crews, and a new one. */
export function CrewsRoute() {
  return (
    <>
      <title>Crews · StackDays</title>
      <CrewsScreen />
    </>
  );
}
