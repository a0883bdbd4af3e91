import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Camera, Share2 } from 'lucide-react';
import type { ProgressPhotoView } from '@shared/api-types';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { FormLoading } from '@client/components/ui/spinner';

// The camera and the collage form load when the member reaches for them, not with the page.
const loadGhostCamera = () => import('../lazy/ghost-camera');
const GhostCamera = lazy(() => loadGhostCamera().then((m) => ({ default: m.GhostCamera })));
const loadShareForm = () => import('../lazy/share-collage-form');
const ShareCollageForm = lazy(() => loadShareForm().then((m) => ({ default: m.ShareCollageForm })));

/** A button that opens a dialog whose body loads (and mounts) only while it is open. */
function LazyDialog({
  label,
  icon,
  title,
  description,
  preload,
  variant,
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  description: string;
  preload: () => unknown;
  variant: 'primary' | 'secondary';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          onPointerEnter={preload}
          onPointerDown={preload}
          onFocus={preload}
        >
          {icon}
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {open && (
          <Suspense fallback={<FormLoading label={msg.loading} />}>
            {children(() => setOpen(false))}
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Take progress photo": the camera with the ghost guide, or a photo file. */
export function TakePhotoDialog({
  photos,
  canTakePhoto,
}: {
  photos: ProgressPhotoView[];
  canTakePhoto: boolean;
}) {
  return (
    <LazyDialog
      label={msg.takeProgressPhoto}
      icon={<Camera aria-hidden className="size-4" />}
      title={msg.cameraTitle}
      description={msg.progressPhotoPrivate}
      preload={loadGhostCamera}
      variant="primary"
    >
      {(close) => <GhostCamera photos={photos} canTakePhoto={canTakePhoto} onDone={close} />}
    </LazyDialog>
  );
}

/** "Share a collage" of the pair on screen. */
export function ShareCollageDialog({
  first,
  second,
}: {
  first: ProgressPhotoView;
  second: ProgressPhotoView;
}) {
  return (
    <LazyDialog
      label={msg.shareCollage}
      icon={<Share2 aria-hidden className="size-4" />}
      title={msg.shareCollage}
      description={msg.shareCollageLead(first.day, second.day)}
      preload={loadShareForm}
      variant="secondary"
    >
      {(close) => <ShareCollageForm first={first} second={second} onShared={close} />}
    </LazyDialog>
  );
}
