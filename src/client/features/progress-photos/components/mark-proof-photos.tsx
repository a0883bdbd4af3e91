import { useId, useState } from 'react';
import type { ProofPhotoView } from '@shared/api-types';
import { PROGRESS_POSES, type ProgressPose } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardDescription, CardTitle } from '@client/components/ui/card';
import { useMarkProgressPhoto } from '../api/mark-progress-photo';
import { PoseSelect } from './pose-select';

/** The cycle's proof photos not marked yet: each can become a progress photo of a pose. */
export function MarkProofPhotos({ proofPhotos }: { proofPhotos: ProofPhotoView[] }) {
  if (proofPhotos.length === 0) return null;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-col gap-1">
        <CardTitle>{msg.markProofPhotosTitle}</CardTitle>
        <CardDescription>{msg.markProofPhotosLead}</CardDescription>
      </div>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {proofPhotos.map((photo) => (
          <ProofPhotoRow key={photo.id} photo={photo} />
        ))}
      </ul>
    </Card>
  );
}

function ProofPhotoRow({ photo }: { photo: ProofPhotoView }) {
  const id = useId();
  const [pose, setPose] = useState<ProgressPose>('front');
  const mark = useMarkProgressPhoto();
  return (
    <li className="flex items-end gap-3">
      {photo.thumbUrl && (
        <img
          src={photo.thumbUrl}
          alt={msg.proofPhotoAlt(photo.day)}
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-lg bg-muted object-cover"
        />
      )}
      <PoseSelect
        id={id}
        label={msg.progressPhotoCaption(photo.day, msg.progressPoseField)}
        poses={PROGRESS_POSES}
        value={pose}
        onChange={setPose}
      />
      <Button
        type="button"
        variant="secondary"
        disabled={mark.isPending}
        aria-label={msg.markAsProgressPhoto(photo.day)}
        onClick={() => mark.mutate({ mediaId: photo.id, pose })}
      >
        {msg.progressPhoto}
      </Button>
    </li>
  );
}
