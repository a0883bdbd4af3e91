import { useId } from 'react';
import { CalendarClock, Check, PauseCircle, Play, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import type { CycleView } from '@shared/api-types';
import { PAUSE_DAYS_PER_CYCLE, STREAK_MODES, type StreakMode } from '@shared/constants';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { StrictTag } from '@client/components/strict-tag';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { shownByMeta } from '@client/lib/query-client';
import { useEndPause } from '../api/end-pause';
import { useSetStreakMode } from '../api/set-streak-mode';
import { PauseDialog } from './pause-dialog';

// Forgiving streaks on Home and My Cycle (issue 43): "at risk" in words, a pause under way or
// planned with its way back, the mode while it can still change, and "Pause my cycle".

export function StreakPanel({ cycle }: { cycle: CycleView }) {
  if (!cycle.started || cycle.complete) return null;
  const left = PAUSE_DAYS_PER_CYCLE - cycle.pausedDates.length;
  const canPause = cycle.mode === 'forgiving' && !cycle.pause && left > 0;
  return (
    <div className="flex flex-col gap-3" data-testid="streak-panel">
      {cycle.atRisk && <AtRisk />}
      {cycle.pause && <PauseState cycle={cycle} pause={cycle.pause} />}
      {cycle.modeChangeableUntil && <ModeChoice cycle={cycle} until={cycle.modeChangeableUntil} />}
      {!cycle.modeChangeableUntil && cycle.mode === 'strict' && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <StrictTag />
          {msg.streakModeStrictHint}
        </p>
      )}
      {canPause && (
        <div>
          <PauseDialog cycle={cycle} />
        </div>
      )}
    </div>
  );
}

/** The streak waits for today's check-in: said in words, with an icon, not by colour alone. */
function AtRisk() {
  return (
    <Card role="status" className="flex items-start gap-3 border-2 border-warning p-4">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong className="font-bold">{msg.streakAtRisk}: </strong>
        {msg.checkInToKeepStreak}.
      </p>
    </Card>
  );
}

function PauseState({
  cycle,
  pause,
}: {
  cycle: CycleView;
  pause: NonNullable<CycleView['pause']>;
}) {
  const end = useEndPause();
  const underWay = cycle.paused;
  const onEnd = () =>
    end
      .mutateAsync(undefined)
      .then(() => toast.success(underWay ? msg.pauseResumed : msg.pauseCancelled))
      .catch(shownByMeta);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        {underWay ? (
          <PauseCircle aria-hidden className="mt-0.5 size-5 shrink-0" />
        ) : (
          <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0" />
        )}
        <div>
          <p className="font-bold" data-testid="pause-state">
            {underWay
              ? msg.pausedUntil(formatWeekdayDate(pause.endDate))
              : msg.pausePlanned(
                  formatWeekdayDate(pause.startDate),
                  formatWeekdayDate(pause.endDate),
                )}
          </p>
          {underWay && <p className="text-sm text-muted-foreground">{msg.pausedLead}</p>}
        </div>
      </div>
      <Button
        variant={underWay ? 'primary' : 'secondary'}
        onClick={onEnd}
        disabled={end.isPending}
        className="self-start"
      >
        {underWay && <Play aria-hidden className="size-4" />}
        {end.isPending ? msg.loading : underWay ? msg.pauseResume : msg.pauseCancel}
      </Button>
    </Card>
  );
}

const MODE_LABEL: Record<StreakMode, { name: string; hint: string }> = {
  forgiving: {
    get name() {
      return msg.streakModeForgiving;
    },
    get hint() {
      return msg.streakModeForgivingHint;
    },
  },
  strict: {
    get name() {
      return msg.streakModeStrict;
    },
    get hint() {
      return msg.streakModeStrictHint;
    },
  },
};

/**
 * Forgiving or strict, while the cycle is in its first days (decision 0098). Toggle buttons, not
 * radios: a press on the served Home before the app has loaded is held and replayed (decision 0031).
 */
function ModeChoice({ cycle, until }: { cycle: CycleView; until: string }) {
  const id = useId();
  const setMode = useSetStreakMode();
  const choose = (mode: StreakMode) => {
    if (mode === cycle.mode || setMode.isPending) return;
    setMode
      .mutateAsync({ mode })
      .then(() => toast.success(msg.streakModeSaved(mode === 'strict')))
      .catch(shownByMeta);
  };
  return (
    <Card className="p-4">
      <fieldset aria-describedby={`${id}-until`}>
        <legend className="mb-3 font-bold">{msg.streakModeHeading}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {STREAK_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              aria-pressed={cycle.mode === mode}
              disabled={setMode.isPending}
              onClick={() => choose(mode)}
              className={cn(
                'flex min-h-11 flex-col items-start gap-0.5 rounded-lg border p-3 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
                cycle.mode === mode ? 'border-2 border-primary bg-primary/5' : 'border-border',
              )}
            >
              <span className="flex items-center gap-2 font-semibold">
                {cycle.mode === mode && <Check aria-hidden className="size-4" strokeWidth={3} />}
                {MODE_LABEL[mode].name}
              </span>
              <span className="text-sm text-muted-foreground">{MODE_LABEL[mode].hint}</span>
            </button>
          ))}
        </div>
        <p id={`${id}-until`} className="mt-2 text-sm text-muted-foreground">
          {msg.streakModeChangeUntil(formatWeekdayDate(until))}
        </p>
      </fieldset>
    </Card>
  );
}
