import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { CommunityBoardScreen } from '@client/features/community/components/community-board';

export function CommunityRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>Community · StackDays</title>
      <CommunityBoardScreen viewerId={user.userId} />
    </>
  );
}
