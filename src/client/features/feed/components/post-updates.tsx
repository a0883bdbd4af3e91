import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { UpdateView } from '@shared/api-types';
import { msg } from '@shared/messages';
import { MediaGallery } from '@client/components/media-gallery/media-gallery';
import { Markdown } from '@client/components/ui/markdown';
import { cn } from '@client/lib/cn';
import { postMedia } from '../lib/post-media';
import { RelativeTime } from './relative-time';

/** Later updates to the day's check-in, folded away behind 'View N update(s)'. */
export function PostUpdates({ updates, label }: { updates: UpdateView[]; label: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (updates.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-lg px-2 text-sm font-semibold text-accent-text hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronDown
          aria-hidden
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        />
        {open ? msg.hideUpdates(updates.length) : msg.viewUpdates(updates.length)}
      </button>
      {open && (
        <ol id={listId} className="flex flex-col gap-3 border-l-2 border-border pl-4">
          {updates.map((update) => (
            <li key={update.id} className="flex flex-col gap-2">
              <RelativeTime iso={update.createdAt} className="text-xs" />
              {update.body && <Markdown>{update.body}</Markdown>}
              <MediaGallery
                layout="post"
                media={postMedia(update.media)}
                from={msg.postUpdateFrom(label)}
              />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
