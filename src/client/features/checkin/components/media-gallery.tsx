import { useState } from 'react';
import { Expand, Film, X } from 'lucide-react';
import type { MediaView } from '@shared/api-types';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@client/components/ui/dialog';
import { cn } from '@client/lib/cn';

/**
 * Proof media in a grid. Images show their thumbnail and open larger on click; videos play inline
 * (metadata only until the member presses play, so a page of videos stays light).
 */
export function MediaGallery({
  media,
  label = 'Proof media',
  compact = false,
}: {
  media: readonly MediaView[];
  label?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState<{ media: MediaView; position: number } | null>(null);
  if (media.length === 0) return null;

  return (
    <>
      <ul
        aria-label={label}
        className={cn(
          'grid gap-2',
          compact ? 'grid-cols-4 sm:grid-cols-5' : 'grid-cols-2 sm:grid-cols-3',
        )}
      >
        {media.map((item, i) => (
          <GalleryTile
            key={item.id}
            item={item}
            name={`${item.mediaType === 'video' ? 'Video' : 'Photo'} ${i + 1} of ${media.length}`}
            compact={compact}
            onOpen={() => setOpen({ media: item, position: i + 1 })}
          />
        ))}
      </ul>

      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent
          aria-describedby={undefined}
          className="max-h-[calc(100dvh-2rem)] max-w-[min(64rem,calc(100%-2rem))] gap-3 p-3 sm:p-4"
        >
          <div className="flex items-center justify-between gap-2">
            <DialogTitle className="text-base font-semibold">
              {open ? `Photo ${open.position} of ${media.length}` : ''}
            </DialogTitle>
            <DialogClose
              className="flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close"
            >
              <X aria-hidden className="size-5" />
            </DialogClose>
          </div>
          {open && (
            <img
              src={open.media.url}
              alt={`Photo ${open.position} of ${media.length}`}
              className="mx-auto max-h-[calc(100dvh-8rem)] w-auto max-w-full rounded-lg object-contain"
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** One photo or video in the grid; a photo is a button that opens it larger. */
function GalleryTile({
  item,
  name,
  compact,
  onOpen,
}: {
  item: MediaView;
  /** "Photo 2 of 3": its place in the gallery. */
  name: string;
  compact: boolean;
  onOpen: () => void;
}) {
  return (
    <li className="relative aspect-square overflow-hidden rounded-xl border border-border bg-muted">
      {item.mediaType === 'video' && compact ? (
        // Too small for player controls: a still with a label; the summary plays it.
        <>
          <video
            src={item.url}
            muted
            playsInline
            preload="metadata"
            aria-label={name}
            className="size-full bg-black object-cover"
          />
          <span className="absolute bottom-1 left-1 flex items-center gap-1 rounded-md bg-slate-950/70 px-1.5 py-0.5 text-[11px] font-medium text-white">
            <Film aria-hidden className="size-3" />
            Video
          </span>
        </>
      ) : item.mediaType === 'video' ? (
        <video
          src={item.url}
          controls
          preload="metadata"
          playsInline
          aria-label={name}
          className="size-full bg-black object-contain"
        />
      ) : (
        <button
          type="button"
          onClick={onOpen}
          className="group block size-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          aria-label={`Open ${name.toLowerCase()} larger`}
        >
          <img
            src={item.thumbUrl ?? item.url}
            alt={name}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03]"
          />
          {!compact && (
            <span
              aria-hidden
              className="absolute right-1.5 bottom-1.5 flex size-7 items-center justify-center rounded-full bg-slate-950/60 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
            >
              <Expand className="size-4" />
            </span>
          )}
        </button>
      )}
    </li>
  );
}
