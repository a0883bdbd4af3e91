import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { CommunityBoardScreen } from '@client/features/community/components/community-board';
import { msg } from '@shared/messages';

export function CommunityRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>{msg.communityPage.title}</title>
      <CommunityBoardScreen viewerId={user.userId} />
    </>
  );
}
