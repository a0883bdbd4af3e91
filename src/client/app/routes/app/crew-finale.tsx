import { useParams } from 'react-router';
import { crewCycleFinaleQueryOptions } from '@client/features/crews/api/get-crew-cycle-finale';
import { CrewCycleFinaleScreen } from '@client/features/crews/components/crew-cycle-finale';
import { memberLoader } from './layout';

/** Rendered on the server with the finale (issue 44); before Day 90 it is a 409, and the app says so. */
export const loader = memberLoader((client, params) =>
  client.fetchQuery(crewCycleFinaleQueryOptions(params.crewId ?? '', params.cycleId ?? '')),
);

/** /app/crews/{id}/cycles/{cycleId}/finale: the crew's Day 90. */
export function CrewFinaleRoute() {
  const { crewId = '', cycleId = '' } = useParams();
  return <CrewCycleFinaleScreen key={cycleId} crewId={crewId} cycleId={cycleId} />;
}
