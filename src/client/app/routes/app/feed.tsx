import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { CommunityFeed } from '@client/features/feed/components/community-feed';
import { InviteBuddiesDialog } from '@client/features/invites/components/invite-buddies-dialog';

export function FeedRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>Community Feed · StackDays</title>
      <CommunityFeed viewerId={user.userId} inviteBuddies={<InviteBuddiesDialog />} />
    </>
  );
}
