import { lazy, Suspense, useState } from 'react';
import { UserPlus } from 'lucide-react';
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
import { useSendInvite } from '../api/send-invite';

// The form (react-hook-form and the shared zod schemas) loads when the member reaches for the button,
// not with the screen (decision 0029).
const loadInviteForm = () => import('./invite-form');
const InviteForm = lazy(() => loadInviteForm().then((m) => ({ default: m.InviteForm })));

/** 'Invite Workout Buddies': the button and its dialog (first name, optional last name, email). */
export function InviteBuddiesDialog({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const send = useSendInvite();
  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          className={className}
          onPointerEnter={() => void loadInviteForm()}
          onPointerDown={() => void loadInviteForm()}
          onFocus={() => void loadInviteForm()}
        >
          <UserPlus aria-hidden className="size-4" />
          {msg.inviteWorkoutBuddies}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{msg.inviteWorkoutBuddies}</DialogTitle>
        <DialogDescription>{msg.inviteBuddiesDialog.description}</DialogDescription>
        {open && (
          <Suspense fallback={<FormLoading label={msg.loading} />}>
            <InviteForm
              mutation={send}
              onSent={() => setOpen(false)}
              onCancel={() => setOpen(false)}
            />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
