import { X } from 'lucide-react';
import { Dialog, DialogClose, DialogContent, DialogTitle } from '@client/components/ui/dialog';
import type { NamedMedia } from './gallery-names';
import { msg } from '@shared/messages';

/**
 * One photo at full size in a dialog titled with its name. Radix keeps the keyboard inside it and
 * closes it on Escape; `onClosed` puts focus back where the member was (the photo's button).
 */
export function MediaLightbox({
  photo,
  onClose,
  onClosed,
}: {
  photo: NamedMedia | null;
  onClose: () => void;
  onClosed: (event: Event) => void;
}) {
  return (
    <Dialog open={photo !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={onClosed}
        className="max-h-[calc(100dvh-2rem)] max-w-[min(64rem,calc(100%-2rem))] gap-3 p-3 sm:p-4"
      >
        <div className="flex items-center justify-between gap-2">
          <DialogTitle className="text-base font-semibold">{photo?.name}</DialogTitle>
          <DialogClose
            className="flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={msg.common.close}
          >
            <X aria-hidden className="size-5" />
          </DialogClose>
        </div>
        {photo && (
          <img
            src={photo.url}
            alt={photo.name}
            className="mx-auto max-h-[calc(100dvh-8rem)] w-auto max-w-full rounded-lg object-contain"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
