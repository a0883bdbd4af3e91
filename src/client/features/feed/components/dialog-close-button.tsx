import { X } from 'lucide-react';
import { DialogClose } from '@client/components/ui/dialog';

/** A visible way out of a dialog for touch screens, where there is no Escape key. */
export function DialogCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <DialogClose
      aria-label={label}
      className="absolute top-2 right-2 z-10 flex size-11 items-center justify-center rounded-full bg-card/90 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <X aria-hidden className="size-5" />
    </DialogClose>
  );
}
