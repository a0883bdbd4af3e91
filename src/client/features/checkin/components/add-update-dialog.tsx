import { lazy, Suspense, useState } from 'react';
import { MessageSquarePlus } from 'lucide-react';
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
import { useAddUpdate } from '../api/add-update';

// The form (react-hook-form, the shared zod schemas, the media picker) loads when the member reaches
// for the button, not with the home screen (decision 0029).
const loadAddUpdateForm = () => import('../lazy/add-update-form');
const AddUpdateForm = lazy(() => loadAddUpdateForm().then((m) => ({ default: m.AddUpdateForm })));

/** Add Update: a later note on today's check-in with text and/or up to 5 photos or videos. */
export function AddUpdateDialog({ checkinId }: { checkinId: string }) {
  const [open, setOpen] = useState(false);
  const addUpdate = useAddUpdate();
  return (
    <Dialog
      open={open}
      // Never close mid-upload: the files would keep going with nowhere to show progress.
      onOpenChange={(next) => !addUpdate.isPending && setOpen(next)}
    >
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          onPointerEnter={() => void loadAddUpdateForm()}
          onPointerDown={() => void loadAddUpdateForm()}
          onFocus={() => void loadAddUpdateForm()}
        >
          <MessageSquarePlus aria-hidden className="size-4" />
          {msg.addUpdate}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>{msg.addUpdate}</DialogTitle>
        <DialogDescription>{msg.addUpdateDialog.postWorkoutGlowAnEvening}</DialogDescription>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        {open && (
          <Suspense fallback={<FormLoading label={msg.loading} />}>
            <AddUpdateForm
              checkinId={checkinId}
              mutation={addUpdate}
              onCancel={() => setOpen(false)}
              onAdded={() => setOpen(false)}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
