import { PartyPopper } from 'lucide-react';
import { couponFreeDays } from '@shared/domain/coupon-status';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@client/components/ui/dialog';

/** Shown once after verification when a coupon granted free months. Closing it continues too. */
export function FreeMonthsDialog({
  months,
  onContinue,
}: {
  months: number | null;
  onContinue: () => void;
}) {
  const open = months !== null && months > 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onContinue()}>
      <DialogContent className="text-center">
        <PartyPopper aria-hidden className="mx-auto size-10 text-accent-text" />
        <DialogTitle>{msg.freeMonthsStartNow(months ?? 0)}</DialogTitle>
        <DialogDescription>{msg.freeMonthsWelcome(couponFreeDays(months ?? 0))}</DialogDescription>
        <Button size="lg" onClick={onContinue}>
          {msg.startMyJourney}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
