import { CloudOff } from 'lucide-react';
import { msg } from '@shared/messages';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { useOnline } from '@client/features/checkin/offline/use-queued-checkin';
import { buddyFeedQueryOptions } from '@client/features/feed/api/get-buddy-feed';
import { communityFeedQueryOptions } from '@client/features/feed/api/get-feed';
import { CommunityFeed } from '@client/features/feed/components/community-feed';
import { InviteBuddiesDialog } from '@client/features/invites/components/invite-buddies-dialog';
import { memberLoader } from './layout';

/** Rendered on the server with the feed's first page and the buddies' posts, if they load (spec). */
export const loader = memberLoader(
  (client) => client.fetchInfiniteQuery(communityFeedQueryOptions),
  (client) => client.prefetchQuery(buddyFeedQueryOptions),
);

export function FeedRoute() {
  const user = useSignedInUser();
  const online = useOnline();
  return (
    <>
      <title>{msg.feedPage.title}</title>
      {/* Offline: the feed as last seen on this device (decision 0023). */}
      {!online && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 text-sm font-medium"
        >
          <CloudOff aria-hidden className="size-4 shrink-0 text-warning" />
          {msg.feedOfflineNotice}
        </p>
      )}
      <CommunityFeed
        viewerId={user.userId}
        unitPref={user.unitPref}
        inviteBuddies={<InviteBuddiesDialog />}
      />
    </>
  );
}
