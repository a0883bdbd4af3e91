import { useState } from 'react';
import type { MediaView } from '@shared/api-types';
import { isLegacyVideoUrl } from '@shared/domain/media';
import { Dialog, DialogContent, DialogTitle } from '@client/components/ui/dialog';
import { cn } from '@client/lib/cn';
import { DialogCloseButton } from './dialog-close-button';

interface ShownMedia {
  key: string;
  url: string;
  thumbUrl: string | null;
  mediaType: 'image' | 'video';
}

/** The post's media in order, plus the legacy single media_url when an older post has one. */
export function mediaOf(media: MediaView[], legacyUrl?: string | null): ShownMedia[] {
  const shown: ShownMedia[] = [...media]
    .sort((a, b) => a.sortIndex - b.sortIndex)
    .map((m) => ({ key: m.id, url: m.url, thumbUrl: m.thumbUrl, mediaType: m.mediaType }));
  if (legacyUrl) {
    shown.unshift({
      key: `legacy:${legacyUrl}`,
      url: legacyUrl,
      thumbUrl: null,
      mediaType: isLegacyVideoUrl(legacyUrl) ? 'video' : 'image',
    });
  }
  return shown;
}

/** The photos as a grid of previews; a tap opens one in full. */
function PhotoGrid({
  images,
  label,
  onOpen,
}: {
  images: ShownMedia[];
  label: string;
  onOpen: (image: ShownMedia) => void;
}) {
  const photoAlt = (i: number) =>
    images.length === 1
      ? `Photo from ${label}`
      : `Photo ${i + 1} of ${images.length} from ${label}`;
  return (
    <ul
      className={cn(
        'grid gap-1.5 overflow-hidden rounded-xl',
        images.length === 1 ? 'grid-cols-1' : images.length === 2 ? 'grid-cols-2' : 'grid-cols-3',
      )}
    >
      {images.map((image, i) => (
        <li key={image.key}>
          <button
            type="button"
            onClick={() => onOpen(image)}
            className="group block w-full overflow-hidden rounded-lg bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card"
            aria-label={`Open ${photoAlt(i).charAt(0).toLowerCase()}${photoAlt(i).slice(1)}`}
          >
            <img
              src={image.thumbUrl ?? image.url}
              alt={photoAlt(i)}
              loading="lazy"
              decoding="async"
              className={cn(
                'w-full object-cover transition-transform group-hover:scale-[1.02]',
                // A box of fixed shape before the photo arrives: the feed never jumps as photos load.
                images.length === 1 ? 'aspect-[4/3]' : 'aspect-square',
              )}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Proof photos and videos. Photos show as a grid of previews; a tap opens the full picture.
 * Videos play inline with the browser's own controls and load only their first frame up front.
 */
export function PostMedia({
  media,
  legacyUrl,
  label,
}: {
  media: MediaView[];
  legacyUrl?: string | null;
  /** Who and when, for the alternative text: "Sam, Day 4". */
  label: string;
}) {
  const [open, setOpen] = useState<ShownMedia | null>(null);
  const items = mediaOf(media, legacyUrl);
  if (items.length === 0) return null;
  const images = items.filter((m) => m.mediaType === 'image');
  const videos = items.filter((m) => m.mediaType === 'video');

  return (
    <div className="flex flex-col gap-2">
      {images.length > 0 && <PhotoGrid images={images} label={label} onOpen={setOpen} />}
      {videos.map((video) => (
        <video
          key={video.key}
          src={video.url}
          controls
          preload="metadata"
          playsInline
          aria-label={`Video from ${label}`}
          className="aspect-video w-full rounded-xl bg-black object-contain"
        />
      ))}

      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-3xl p-3 sm:p-4" aria-describedby={undefined}>
          <DialogTitle className="sr-only">Photo from {label}</DialogTitle>
          <DialogCloseButton />
          {open && (
            <img
              src={open.url}
              alt={`Photo from ${label}`}
              className="max-h-[80dvh] w-full rounded-lg object-contain"
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
