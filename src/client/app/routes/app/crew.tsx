import { useParams } from 'react-router';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { crewQueryOptions } from '@client/features/crews/api/get-crew';
import { crewCycleQueryOptions } from '@client/features/crews/api/get-crew-cycle';
import { crewFeedQueryOptions } from '@client/features/crews/api/get-crew-feed';
import { CrewScreen } from '@client/features/crews/components/crew-screen';
import { PostCard } from '@client/features/feed/components/post-card';
import { memberLoader } from './layout';

/**
 * /app/crews/{id} is rendered on the server with the crew, its cycle and the first page of its feed
 * (decision 0117). A crew the member is not in answers 404: the shell is sent and the app says so.
 */
export const loader = memberLoader(
  (client, params) => client.fetchQuery(crewQueryOptions(params.crewId ?? '')),
  (client, params) => client.fetchQuery(crewCycleQueryOptions(params.crewId ?? '')),
  (client, params) => client.fetchInfiniteQuery(crewFeedQueryOptions(params.crewId ?? '')),
);

/** /app/crews/{id}: a crew's board, cycle and feed; its posts are the community feed's cards. */
export function CrewRoute() {
  const { crewId = '' } = useParams();
  const user = useSignedInUser();
  return (
    <CrewScreen
      key={crewId}
      crewId={crewId}
      viewerId={user.userId}
      renderPost={(post) => (
        <PostCard post={post} viewerId={user.userId} unitPref={user.unitPref} />
      )}
    />
  );
}
