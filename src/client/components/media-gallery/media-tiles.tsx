import { Expand, Film } from 'lucide-react';
import { cn } from '@client/lib/cn';
import type { GalleryLayoutStyle } from './gallery-layouts';
import type { NamedMedia } from './gallery-names';
import { msg } from '@shared/messages';

/** The thumbnails' stored size (400 px on the long side), as a hint before the file arrives. */
const THUMB_PX = 400;

/** A photo: its thumbnail, loaded when near the screen, as a button that opens it larger. */
export function PhotoTile({
  photo,
  aspect,
  style,
  onOpen,
}: {
  photo: NamedMedia;
  aspect: 'aspect-[4/3]' | 'aspect-square';
  style: GalleryLayoutStyle;
  onOpen: (button: HTMLButtonElement) => void;
}) {
  return (
    <li className={cn('relative overflow-hidden bg-muted', aspect, style.tile)}>
      <button
        type="button"
        onClick={(event) => onOpen(event.currentTarget)}
        className="group block size-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        aria-label={photo.openName}
      >
        <img
          src={photo.thumbUrl ?? photo.url}
          alt={photo.name}
          width={THUMB_PX}
          height={aspect === 'aspect-square' ? THUMB_PX : (THUMB_PX * 3) / 4}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
        />
        {style.hint && (
          <span
            aria-hidden
            className="absolute right-1.5 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-slate-950/60 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
          >
            <Expand className="size-4" />
          </span>
        )}
      </button>
    </li>
  );
}

/**
 * A video, playing in place with the browser's controls; only its first frame is fetched up front
 * (preload="metadata"), so a page of videos stays light. Too small for controls, a still marked "Video".
 */
export function VideoTile({ video, style }: { video: NamedMedia; style: GalleryLayoutStyle }) {
  if (style.video === 'wide') {
    return (
      // 8 px between a video and what is above it (the photos' gap and 2 px), as on posts before.
      <li className="col-span-full not-first:mt-0.5">
        <video
          src={video.url}
          controls
          preload="metadata"
          playsInline
          aria-label={video.name}
          className="block aspect-video w-full rounded-xl bg-black object-contain"
        />
      </li>
    );
  }
  const still = style.video === 'still';
  return (
    <li className={cn('relative aspect-square overflow-hidden bg-muted', style.tile)}>
      <video
        src={video.url}
        controls={!still}
        muted={still}
        preload="metadata"
        playsInline
        aria-label={video.name}
        className={cn('size-full bg-black', still ? 'object-cover' : 'object-contain')}
      />
      {still && (
        <span className="absolute bottom-1 left-1 flex items-center gap-1 rounded-md bg-slate-950/70 px-1.5 py-0.5 text-[11px] font-medium text-white">
          <Film aria-hidden className="size-3" />
          {msg.common.video}
        </span>
      )}
    </li>
  );
}
