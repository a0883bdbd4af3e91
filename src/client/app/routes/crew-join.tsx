import { useParams } from 'react-router';
import { useSession } from '@client/features/auth/api/get-session';
import { CrewJoin } from '@client/features/crews/components/crew-join';

/** /crews/join/{token}: a crew's invite link (issue 30). */
export function CrewJoinRoute() {
  const { token = '' } = useParams();
  const session = useSession();
  return <CrewJoin token={token} session={session} />;
}
