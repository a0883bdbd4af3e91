import { myCrewsQueryOptions } from '@client/lib/api/get-my-crews';
import { CrewsScreen } from '@client/features/crews/components/crews-screen';
import { memberLoader } from './layout';
import { msg } from '@shared/messages';

/** /app/crews is rendered on the server with the member's crews (decision 0117). */
export const loader = memberLoader((client) => client.fetchQuery(myCrewsQueryOptions));

/** /app/crews: your crews, and a new one. */
export function CrewsRoute() {
  return (
    <>
      <title>{msg.crewsPage.title}</title>
      <CrewsScreen />
    </>
  );
}
