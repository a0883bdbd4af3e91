import { useParams } from 'react-router';
import { InviteLanding } from '@client/features/invites/components/invite-landing';

/** /invite/{token}: public; the link a member mailed to a workout buddy. */
export function InviteRoute() {
  const { token } = useParams();
  return <InviteLanding token={token} />;
}
