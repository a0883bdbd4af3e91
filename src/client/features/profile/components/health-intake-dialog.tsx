import { useState } from 'react';
import { HeartPulse } from 'lucide-react';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@client/components/ui/dialog';
import { useHealth } from '../api/get-health';
import { useProfile } from '../api/get-profile';
import { useCompleteIntake } from '../api/complete-intake';
import { useSkipIntake } from '../api/skip-intake';
import { HealthForm } from './health-form';

/**
 * The Day-1 Health Intake: opens by itself while the member has no health profile and has not
 * skipped it. Skipping (the button, Escape or a tap outside) is stored on the server, so it stays
 * closed on every device; completing it saves the health profile and accepts the health disclaimer.
 */
export function HealthIntakeDialog() {
  const health = useHealth();
  const profile = useProfile();
  const complete = useCompleteIntake();
  const skip = useSkipIntake();
  const [closed, setClosed] = useState(false);

  const needed =
    health.isSuccess && health.data.health === null && health.data.intakeSkippedAt === null;
  const open = needed && profile.isSuccess && !closed;

  const onSkip = () => {
    setClosed(true);
    skip.mutate(undefined, {
      // Not fatal: the dialog stays closed for this visit and may ask again next time.
      onError: (error) => console.warn('Could not record the skipped intake', error),
    });
  };

  if (!open) return null;
  return (
    <Dialog open onOpenChange={(next) => !next && !complete.isPending && onSkip()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle className="flex items-center gap-2">
          <HeartPulse aria-hidden className="size-6 text-accent-text" />
          {msg.healthIntakeTitle}
        </DialogTitle>
        <DialogDescription>{msg.healthIntakeIntro}</DialogDescription>
        <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm">
          {msg.healthDisclaimer} {msg.healthIntakeDialog.savingAcceptsThis}
        </p>
        <HealthForm
          health={null}
          unit={profile.data.unitPref}
          submitLabel={msg.healthIntakeDialog.saveAndStart}
          onSave={async (input) => {
            // The outcome's toast is the hook's meta; a refusal goes on to the form's fields.
            await complete.mutateAsync(input);
            setClosed(true);
          }}
          secondaryAction={
            <Button type="button" variant="ghost" onClick={onSkip} disabled={complete.isPending}>
              {msg.skipForNow}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
