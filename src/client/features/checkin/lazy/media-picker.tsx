import { useId, useRef } from 'react';
import { CircleAlert, CircleCheck, Film, ImagePlus, X } from 'lucide-react';
import { ACCEPTED_MEDIA_TYPES } from '@shared/constants';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import type { MediaSelection, SelectedMedia } from './use-media-selection';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { msg } from '@shared/messages';

/**
 * Choose photos and videos: previews in the chosen order, a remove button on each, and a progress
 * bar per file while it uploads. `alreadyAttached` counts media the check-in already has (edit).
 */
export function MediaPicker({
  selection,
  label = 'Proof photos & videos',
  alreadyAttached = 0,
  disabled = false,
}: {
  selection: MediaSelection;
  label?: string;
  alreadyAttached?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const total = alreadyAttached + selection.items.length;
  const limit = alreadyAttached + selection.max;
  const full = selection.remaining === 0;

  return (
    <div className="flex flex-col gap-3" role="group" aria-labelledby={`${id}-label`}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={`${id}-label`} className="text-sm font-semibold">
          {label}
        </span>
        <span id={`${id}-count`} className="tabular text-xs text-muted-foreground">
          {total}/{limit}
        </span>
      </div>

      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        multiple
        accept={ACCEPTED_MEDIA_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        disabled={disabled || full}
        onChange={(event) => {
          if (event.target.files) selection.add(Array.from(event.target.files));
          // Lets the member pick the same file again after removing it.
          event.target.value = '';
        }}
      />

      {selection.items.length > 0 && (
        <ol
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
          aria-label={msg.mediaPicker.chosenMedia}
        >
          {selection.items.map((item, position) => (
            <MediaPreview
              key={item.key}
              item={item}
              position={position + 1}
              onRemove={() => selection.remove(item.key)}
              disabled={disabled}
            />
          ))}
        </ol>
      )}

      <Button
        type="button"
        variant="secondary"
        className="w-full border-dashed sm:w-auto sm:self-start"
        disabled={disabled || full}
        onClick={() => inputRef.current?.click()}
        aria-describedby={`${id}-count ${id}-hint`}
      >
        <ImagePlus aria-hidden className="size-5" />
        {msg.mediaPicker.addPhotosOrVideos}
      </Button>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {full
          ? msg.mediaPicker.limitReached(limit, selection.items.length > 0)
          : alreadyAttached > 0
            ? msg.mediaPicker.canAddMore(selection.remaining)
            : msg.mediaPicker.upTo(limit)}
      </p>
    </div>
  );
}

function MediaPreview({
  item,
  position,
  onRemove,
  disabled,
}: {
  item: SelectedMedia;
  position: number;
  onRemove: () => void;
  disabled: boolean;
}) {
  const name = `Media ${position}: ${item.file.name}`;
  const busy = item.status === 'uploading';
  return (
    <li className="relative aspect-square overflow-hidden rounded-xl border border-border bg-muted">
      {item.mediaType === 'video' ? (
        <>
          <video
            src={item.previewUrl}
            muted
            playsInline
            preload="metadata"
            className="size-full object-cover"
            aria-label={name}
          />
          <span className="absolute bottom-1.5 left-1.5 flex items-center gap-1 rounded-md bg-slate-950/70 px-1.5 py-0.5 text-[11px] font-medium text-white">
            <Film aria-hidden className="size-3" />
            {msg.common.video}
          </span>
        </>
      ) : (
        <img src={item.previewUrl} alt={name} className="size-full object-cover" />
      )}

      <span
        aria-hidden
        className="tabular absolute top-1.5 left-1.5 flex size-6 items-center justify-center rounded-full bg-slate-950/70 text-xs font-semibold text-white"
      >
        {position}
      </span>

      {item.status === 'ready' && (
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={msg.mediaPicker.remove(name)}
          className="group absolute top-0 right-0 flex size-11 items-start justify-end p-1.5 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50"
        >
          <span className="flex size-7 items-center justify-center rounded-full bg-slate-950/75 text-white transition-colors group-hover:bg-slate-950 group-focus-visible:ring-2 group-focus-visible:ring-ring">
            <X aria-hidden className="size-4" />
          </span>
        </button>
      )}

      {(busy || item.status === 'done' || item.status === 'failed') && (
        <UploadStatus item={item} name={name} />
      )}
    </li>
  );
}

/** The strip over a preview while it uploads: progress, then uploaded or failed. */
function UploadStatus({ item, name }: { item: SelectedMedia; name: string }) {
  return (
    <div
      className={cn(
        'absolute inset-x-0 bottom-0 flex flex-col gap-1 p-1.5',
        item.status === 'failed' ? 'bg-danger/85' : 'bg-slate-950/60',
      )}
    >
      {item.status === 'failed' ? (
        <span className="flex items-center gap-1 text-[11px] font-semibold text-white">
          <CircleAlert aria-hidden className="size-3.5" />
          {msg.mediaPicker.failed}
        </span>
      ) : item.status === 'done' ? (
        <span className="flex items-center gap-1 text-[11px] font-semibold text-white">
          <CircleCheck aria-hidden className="size-3.5" />
          {msg.mediaPicker.uploaded}
        </span>
      ) : (
        <ProgressBar
          value={Math.round(item.progress * 100)}
          max={100}
          label={msg.mediaPicker.uploading(name)}
          className="h-1.5 bg-white/30"
          fillClassName="duration-200"
        />
      )}
    </div>
  );
}
