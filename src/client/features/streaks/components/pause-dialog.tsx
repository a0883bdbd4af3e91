import { useId, useState } from 'react';
import { PauseCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { CycleView } from '@shared/api-types';
import { PAUSE_DAYS_PER_CYCLE } from '@shared/constants';
import { pauseSchema } from '@shared/domain/streak-schemas';
import { addDays } from '@shared/domain/local-date';
import { formatWeekdayDate } from '@shared/format';
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
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { errorMessage } from '@client/lib/api-client';
import { shownByMeta } from '@client/lib/query-client';
import { usePauseCycle } from '../api/pause-cycle';

/**
 * "Pause my cycle" (issue 43, decision 0099): a start date (today by default, never before) and a
 * number of days, up to what the cycle has left of its 7. The server says why when it refuses.
 */
export function PauseDialog({ cycle }: { cycle: CycleView }) {
  const [open, setOpen] = useState(false);
  const left = PAUSE_DAYS_PER_CYCLE - cycle.pausedDates.length;
  const [startDate, setStartDate] = useState(cycle.today);
  const [days, setDays] = useState(Math.min(3, left));
  const [problem, setProblem] = useState<string | null>(null);
  const pause = usePauseCycle();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = pauseSchema.safeParse({ startDate, days });
    if (!input.success) {
      setProblem(input.error.issues[0]?.message ?? msg.validation);
      return;
    }
    setProblem(null);
    pause
      .mutateAsync(input.data)
      .then(() => {
        setOpen(false);
        toast.success(msg.pauseSaved(formatWeekdayDate(addDays(startDate, days - 1))));
      })
      .catch((error: unknown) => {
        setProblem(errorMessage(error, msg.streakSaveFailed));
        shownByMeta();
      });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pause.isPending) return;
        setOpen(next);
        if (next) {
          setStartDate(cycle.today);
          setProblem(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" className="w-full sm:w-auto">
          <PauseCircle aria-hidden className="size-4" />
          {msg.pauseMyCycle}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{msg.pauseMyCycle}</DialogTitle>
        <DialogDescription>{msg.pauseLead}</DialogDescription>
        <PauseForm
          cycle={cycle}
          left={left}
          fields={{ startDate, setStartDate, days, setDays }}
          problem={problem}
          pending={pause.isPending}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}

interface PauseFields {
  startDate: string;
  setStartDate: (date: string) => void;
  days: number;
  setDays: (days: number) => void;
}

function PauseForm({
  cycle,
  left,
  fields: { startDate, setStartDate, days, setDays },
  problem,
  pending,
  onSubmit: submit,
}: {
  cycle: CycleView;
  left: number;
  fields: PauseFields;
  problem: string | null;
  pending: boolean;
  onSubmit: (event: React.FormEvent) => void;
}) {
  const id = useId();
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-start`}>{msg.pauseStart}</Label>
        <Input
          id={`${id}-start`}
          type="date"
          value={startDate}
          min={cycle.today}
          max={cycle.lastDate}
          required
          onChange={(event) => setStartDate(event.target.value)}
          aria-describedby={describedBy(problem && `${id}-problem`)}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-days`}>{msg.pauseDays}</Label>
        <NativeSelect
          id={`${id}-days`}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          aria-describedby={`${id}-left`}
        >
          {Array.from({ length: left }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={`${id}-left`}>{msg.pauseDaysLeft(left)}</FieldMessage>
      </div>
      <div role="alert">
        <FieldMessage id={`${id}-problem`} tone="error">
          {problem}
        </FieldMessage>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={pending}>
            {msg.common.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? msg.loading : msg.pauseSubmit}
        </Button>
      </div>
    </form>
  );
}
