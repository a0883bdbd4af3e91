import { msg } from '@shared/messages';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { CycleTabs } from '@client/features/cycle/components/cycle-tabs';
import { progressPhotosQueryOptions } from '@client/features/progress-photos/api/get-progress-photos';
import { PhotosScreen } from '@client/features/progress-photos/components/photos-screen';
import { memberLoader } from './layout';

/** /app/cycle/photos, rendered on the server with the member's progress photos (issue 46). */
export const loader = memberLoader((client) => client.fetchQuery(progressPhotosQueryOptions));

export function CyclePhotosRoute() {
  const user = useSignedInUser();
  return (
    <>
      <title>{msg.common.pageTitle(msg.progressPhotosTitle)}</title>
      <CycleTabs current="photos" />
      <ScreenHeading description={msg.progressPhotosLead}>{msg.progressPhotosTitle}</ScreenHeading>
      <PhotosScreen unitPref={user.unitPref} />
    </>
  );
}
