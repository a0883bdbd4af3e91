import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProgressPhotoView } from '@shared/api-types';
import { GHOST_GUIDE_OPACITY, PROGRESS_POSES, type ProgressPose } from '@shared/constants';
import { ghostGuideFor } from '@shared/domain/progress-photos';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { Button } from '@client/components/ui/button';
import { useAddProgressPhoto } from '../api/add-progress-photo';
import { photoAlt } from '../components/photo-names';
import { PoseSelect } from '../components/pose-select';

type CameraState = 'starting' | 'live' | 'unavailable';

/** The front camera in `video` while mounted ('unavailable': no camera, or no permission). */
function useCamera() {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<CameraState>('starting');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    const devices = navigator.mediaDevices;
    if (!devices?.getUserMedia) {
      setCamera('unavailable');
      return;
    }
    devices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((opened) => {
        stream = opened;
        if (stopped) return opened.getTracks().forEach((t) => t.stop());
        if (video.current) video.current.srcObject = opened;
        setCamera('live');
      })
      .catch(() => !stopped && setCamera('unavailable'));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return { video, camera };
}

/** The camera's picture as a JPEG, the size the camera gives. */
function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
}

/**
 * The ghost guide (issue 46): the camera (getUserMedia) with the earliest photo of the chosen pose
 * laid over it, see-through, to line up against. A photo file is the fallback: without a camera or
 * its permission, the file picker still works.
 */
export function GhostCamera({
  photos,
  canTakePhoto,
  onDone,
}: {
  photos: ProgressPhotoView[];
  canTakePhoto: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const { video, camera } = useCamera();
  const [pose, setPose] = useState<ProgressPose>('front');
  const add = useAddProgressPhoto();
  const ghost = ghostGuideFor(photos, pose);

  const save = (photo: Blob) => add.mutate({ pose, photo }, { onSuccess: onDone });
  const capture = async () => {
    if (!video.current) return;
    const photo = await captureFrame(video.current);
    if (photo) save(photo);
  };
  const disabled = !canTakePhoto || add.isPending;

  return (
    <div className="flex flex-col gap-4">
      <PoseSelect id={`${id}-pose`} poses={PROGRESS_POSES} value={pose} onChange={setPose} />
      {camera !== 'unavailable' ? (
        <div className="relative aspect-[3/4] w-full overflow-hidden rounded-xl bg-foreground">
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label={msg.cameraTitle}
            className="absolute inset-0 size-full object-cover"
          />
          {ghost && (
            <img
              src={ghost.url}
              alt={photoAlt(ghost)}
              data-ghost-guide
              className="pointer-events-none absolute inset-0 size-full object-cover"
              style={{ opacity: GHOST_GUIDE_OPACITY }}
            />
          )}
        </div>
      ) : (
        <p role="status" className="text-sm">
          {msg.cameraUnavailable}
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        {ghost ? msg.cameraGhostHint(ghost.day) : msg.cameraNoGhost}
      </p>
      {!canTakePhoto && <NeedsCheckin />}
      <div className="flex flex-col gap-2 sm:flex-row">
        {camera === 'live' && (
          <Button type="button" onClick={() => void capture()} disabled={disabled}>
            {add.isPending ? msg.progressPhotoSaving : msg.cameraCapture}
          </Button>
        )}
        <ChooseFileButton disabled={disabled} onFile={save} />
      </div>
    </div>
  );
}

/** Uploading a file stays the fallback: no camera, no permission, or a photo taken earlier. */
function ChooseFileButton({
  disabled,
  onFile,
}: {
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <Button type="button" variant="secondary" asChild>
      <label aria-disabled={disabled || undefined}>
        {msg.cameraChooseFile}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
          }}
        />
      </label>
    </Button>
  );
}

function NeedsCheckin() {
  return (
    <p role="status" className="text-sm font-semibold">
      {msg.progressPhotoNeedsCheckin}{' '}
      <Link to={pagePath('app-home')} className="text-accent-text underline">
        {msg.goToCheckin}
      </Link>
    </p>
  );
}
