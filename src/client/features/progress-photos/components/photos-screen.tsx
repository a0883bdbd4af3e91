import type { UnitPref } from '@shared/constants';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import { useProgressPhotos } from '../api/get-progress-photos';
import { ComparePhotos } from './compare-photos';
import { MarkProofPhotos } from './mark-proof-photos';
import { PhotoCalendar } from './photo-calendar';
import { ShareCollageDialog, TakePhotoDialog } from './photo-dialogs';
import { TimeLapse } from './time-lapse';

/** My Cycle's Photos tab: the photo days, compare, the time-lapse, the camera and marking. */
export function PhotosScreen({ unitPref }: { unitPref: UnitPref }) {
  const query = useProgressPhotos();
  if (query.isError) return <p role="alert">{msg.errorLoadingProgressPhotos}</p>;
  if (!query.data) return null;
  const { photos, proofPhotos, canTakePhoto } = query.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <TakePhotoDialog photos={photos} canTakePhoto={canTakePhoto} />
      </div>
      {photos.length === 0 ? (
        <Card className="p-5">
          <p>{msg.noProgressPhotos}</p>
        </Card>
      ) : (
        <>
          <ComparePhotos
            photos={photos}
            unitPref={unitPref}
            actions={(pair) => (
              <div>
                <ShareCollageDialog first={pair.first} second={pair.second} />
              </div>
            )}
          />
          <TimeLapse photos={photos} />
          <PhotoCalendar photos={photos} />
        </>
      )}
      <MarkProofPhotos proofPhotos={proofPhotos} />
    </div>
  );
}
