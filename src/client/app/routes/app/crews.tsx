import { useParams } from 'react-router';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { CrewScreen } from '@client/features/crews/components/crew-screen';
import { CrewsScreen } from '@client/features/crews/components/crews-screen';
import { PostCard } from '@client/features/feed/components/post-card';

/** /app/crews: your crews, and a new one. */
export function CrewsRoute() {
  return (
    <>
      <title>Crews · StackDays</title>
      <CrewsScreen />
    </>
  );
}

/** /app/crews/{id}: a crew's board and feed; its posts are the community feed's cards. */
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
