import { useId, useState } from 'react';
import type { ProgressPhotoView } from '@shared/api-types';
import { audienceFromKey } from '@shared/domain/audience';
import { msg } from '@shared/messages';
import { AudienceSelect } from '@client/components/audience/audience-select';
import { Button } from '@client/components/ui/button';
import { useShareCollage } from '../api/share-collage';

/**
 * Who sees the collage: Only me until the member picks a crew or the community. The server composes
 * the image from the two photos (without their metadata) and posts it there.
 */
export function ShareCollageForm({
  first,
  second,
  onShared,
}: {
  first: ProgressPhotoView;
  second: ProgressPhotoView;
  onShared: () => void;
}) {
  const id = useId();
  const [audience, setAudience] = useState('only_me');
  const share = useShareCollage();
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        share.mutate(
          { firstId: first.id, secondId: second.id, audience: audienceFromKey(audience) },
          { onSuccess: onShared },
        );
      }}
    >
      <AudienceSelect id={`${id}-audience`} value={audience} onChange={setAudience} />
      <Button type="submit" disabled={share.isPending}>
        {share.isPending ? msg.collageSharing : msg.shareCollage}
      </Button>
    </form>
  );
}
