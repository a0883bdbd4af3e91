import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { useRestartCycle } from '../api/restart-cycle';

/** 'Start New Cycle' behind a confirmation: ends this cycle, starts Day 1 today, keeps the history. */
export function StartNewCycle({ prominent = false }: { prominent?: boolean }) {
  const [open, setOpen] = useState(false);
  const restart = useRestartCycle();

  const confirm = () =>
    restart.mutate(undefined, {
      onSuccess: ({ cycle }) => {
        setOpen(false);
        // Today already checked in: Day 1 is tomorrow, and the toast says so (decision 0032).
        toast.success(msg.cycleReset, {
          description: cycle.started
            ? undefined
            : msg.cycleStartsTomorrow(formatDate(cycle.startDate)),
        });
      },
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !restart.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant={prominent ? 'primary' : 'secondary'}>
          <RotateCcw aria-hidden className="size-4" />
          {msg.startNewCycle}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{msg.startNewCycle}</DialogTitle>
        <DialogDescription>{msg.startNewCycleConfirm}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={restart.isPending}>
              {msg.common.cancel}
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} disabled={restart.isPending}>
            {restart.isPending ? msg.loading : msg.startNewCycle}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
