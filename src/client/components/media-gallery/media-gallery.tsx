import { useRef, useState } from 'react';
import { GALLERY_LAYOUTS, type GalleryLayout } from './gallery-layouts';
import { nameMedia, type GalleryMedia, type NamedMedia } from './gallery-names';
import { MediaLightbox } from './media-lightbox';
import { PhotoTile, VideoTile } from './media-tiles';

export type { GalleryLayout } from './gallery-layouts';
export type { GalleryMedia } from './gallery-names';

/**
 * Proof photos and videos, the one gallery of the app (the check-in, feed posts, the weekly
 * review): a grid of thumbnails, each photo a button that opens it larger in one lightbox; videos
 * play in place. Nothing is drawn for no media.
 */
export function MediaGallery({
  media,
  layout = 'grid',
  label,
  from,
}: {
  media: readonly GalleryMedia[];
  layout?: GalleryLayout;
  /** The list's name for screen readers ("Proof media"); none when a heading already says it. */
  label?: string;
  /** Whose and which day's the media are, for their names: "Sam, Day 4". */
  from?: string;
}) {
  const [shown, setShown] = useState<NamedMedia | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (media.length === 0) return null;

  const style = GALLERY_LAYOUTS[layout];
  const named = nameMedia(media, from);
  const photos = named.filter((item) => item.mediaType === 'image');
  // Wide videos go below the photos so the photos' grid stays whole.
  const ordered =
    style.video === 'wide'
      ? [...photos, ...named.filter((item) => item.mediaType === 'video')]
      : named;

  return (
    <>
      <ul aria-label={label} className={style.list(photos.length)}>
        {ordered.map((item) =>
          item.mediaType === 'video' ? (
            <VideoTile key={item.id} video={item} style={style} />
          ) : (
            <PhotoTile
              key={item.id}
              photo={item}
              aspect={style.photoAspect(photos.length)}
              style={style}
              onOpen={(button) => {
                opener.current = button;
                setShown(item);
              }}
            />
          ),
        )}
      </ul>
      <MediaLightbox
        photo={shown}
        onClose={() => setShown(null)}
        onClosed={(event) => {
          // Back to the photo's button even where a click does not focus it (Safari).
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      />
    </>
  );
}
