import { Link } from 'react-router';
import { CalendarClock, Lock, PartyPopper, Pencil, Trash2 } from 'lucide-react';
import type { CrewCycleState, CrewCycleSummary, CrewCycleView } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { shownByMeta } from '@client/lib/query-client';
import { buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import { useCancelCrewCycle } from '../api/cancel-crew-cycle';
import { CrewCycleChoice } from './crew-cycle-choice';
import { CrewCycleStats } from './crew-cycle-board';
import { CrewCycleRulesForm, MODE_WORDS } from './crew-cycle-rules-form';

/**
 * The crew page's cycle (issue 44): the owner's schedule form, the countdown to Day 1, the member's
 * choice, the crew day with the crew streak and the goal while it runs, the locked rules, and the
 * way to the finale. The board itself is the route's (crew-screen.tsx).
 */
export function CrewCyclePanel({
  crewId,
  state,
  isOwner,
}: {
  crewId: string;
  state: CrewCycleState;
  isOwner: boolean;
}) {
  const { cycle } = state;
  return (
    <section aria-labelledby="crew-cycle" className="flex flex-col gap-3" data-testid="crew-cycle">
      <h2 id="crew-cycle" className="text-xl font-bold">
        {msg.crewCycleHeading}
      </h2>
      {!cycle || cycle.phase === 'finished' ? (
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          {cycle && <Finished crewId={crewId} cycle={cycle} />}
          {state.canSchedule ? (
            <>
              <p className="text-muted-foreground">{msg.crewCycleNoneOwner}</p>
              <CrewCycleRulesForm crewId={crewId} state={state} />
            </>
          ) : state.next ? (
            <NextCycle next={state.next} />
          ) : (
            !isOwner && <p className="text-muted-foreground">{msg.crewCycleNoneMember}</p>
          )}
        </Card>
      ) : cycle.phase === 'running' ? (
        <Running crewId={crewId} state={state} cycle={cycle} />
      ) : (
        <Countdown crewId={crewId} state={state} cycle={cycle} />
      )}
    </section>
  );
}

function Countdown({
  crewId,
  state,
  cycle,
}: {
  crewId: string;
  state: CrewCycleState;
  cycle: CrewCycleView;
}) {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-4xl font-black tracking-tight">
          <CalendarClock aria-hidden className="size-8 shrink-0 text-accent-text" />
          <span className="tabular">{msg.crewCycleCountdown(cycle.daysToStart)}</span>
        </p>
        <p className="text-lg font-semibold">
          {msg.crewCycleStartsOn(formatWeekdayDate(cycle.startDate))}
        </p>
        <p className="text-sm text-muted-foreground">{msg.crewCycleEveryZone}</p>
      </div>
      <Rules cycle={cycle} />
      {cycle.canChangeRules && (
        <details className="group flex flex-col gap-3 border-t border-border pt-4">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-accent-text underline-offset-4 hover:underline">
            <Pencil aria-hidden className="size-4" />
            {msg.crewCycleChangeRules}
          </summary>
          <div className="flex flex-col gap-3 pt-3">
            {/* Any date from the owner's today (theirs: they are the viewer) to 60 days ahead. */}
            <CrewCycleRulesForm
              crewId={crewId}
              state={{ scheduleFrom: cycle.today, scheduleUntil: state.scheduleUntil }}
              cycle={cycle}
            />
            <CancelCycle crewId={crewId} cycleId={cycle.id} />
          </div>
        </details>
      )}
      <CrewCycleChoice crewId={crewId} cycle={cycle} />
    </Card>
  );
}

function Running({
  crewId,
  state,
  cycle,
}: {
  crewId: string;
  state: CrewCycleState;
  cycle: CrewCycleView;
}) {
  const showChoice = cycle.me.state !== 'on-crew-cycle' || cycle.me.canStay;
  return (
    <div className="flex flex-col gap-3">
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-col gap-1">
          {cycle.crewDay !== null && (
            <p className="tabular text-4xl font-black tracking-tight" data-testid="crew-day">
              {msg.crewCycleDay(cycle.crewDay)}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            {msg.crewCycleDates(
              formatWeekdayDate(cycle.startDate),
              formatWeekdayDate(cycle.lastDate),
            )}
          </p>
        </div>
        <Rules cycle={cycle} />
        {cycle.joinWindow.open && (
          <p className="text-sm text-muted-foreground">
            {msg.crewCycleWindowOpen(formatWeekdayDate(cycle.joinWindow.closesOn))}
          </p>
        )}
        {showChoice && <CrewCycleChoice crewId={crewId} cycle={cycle} />}
        {cycle.finaleReady && <FinaleLink crewId={crewId} cycleId={cycle.id} />}
      </Card>
      <CrewCycleStats crewId={crewId} cycle={cycle} />
      {state.next && <NextCycle next={state.next} />}
    </div>
  );
}

/** The cycle's rules in words: the mode ("Forgiving" or "Strict") and the goal, locked or not. */
function Rules({ cycle }: { cycle: CrewCycleView }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl bg-muted p-3" data-testid="crew-cycle-rules">
      <h3 className="flex items-center gap-1.5 text-sm font-bold">
        {cycle.rulesLocked && <Lock aria-hidden className="size-4 shrink-0" />}
        {msg.crewCycleRules}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{msg.crewCycleModeLabel}</dt>
        <dd className="font-semibold">
          {cycle.modeLabel}
          <span className="block font-normal text-muted-foreground">
            {MODE_WORDS[cycle.mode].hint}
          </span>
        </dd>
        <dt className="text-muted-foreground">{msg.crewCycleGoal}</dt>
        <dd className="font-semibold">
          {cycle.goalMinutes ? msg.crewCycleGoalMinutes(cycle.goalMinutes) : msg.crewCycleNoGoal}
        </dd>
      </dl>
      <p className="text-xs text-muted-foreground">
        {cycle.rulesLocked ? msg.crewCycleRulesLockedNote : msg.crewCycleRulesOpen}
      </p>
    </div>
  );
}

function CancelCycle({ crewId, cycleId }: { crewId: string; cycleId: string }) {
  const cancel = useCancelCrewCycle(crewId, cycleId);
  return (
    <ConfirmButton
      type="button"
      variant="ghost"
      className="self-start"
      disabled={cancel.isPending}
      title={msg.crewCycleCancel}
      description={msg.crewCycleCancelConfirm}
      confirmLabel={msg.crewCycleCancel}
      onConfirm={() => cancel.mutateAsync().catch(shownByMeta)}
    >
      <Trash2 aria-hidden className="size-4" />
      {msg.crewCycleCancel}
    </ConfirmButton>
  );
}

function Finished({ crewId, cycle }: { crewId: string; cycle: CrewCycleView }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="font-semibold">{msg.crewCycleEndedOn(formatWeekdayDate(cycle.lastDate))}</p>
      {cycle.finaleReady && <FinaleLink crewId={crewId} cycleId={cycle.id} />}
    </div>
  );
}

function FinaleLink({ crewId, cycleId }: { crewId: string; cycleId: string }) {
  return (
    <Link
      to={pagePath('app-crew-finale', { crewId, cycleId })}
      className={buttonVariants({ className: 'self-start' })}
    >
      <PartyPopper aria-hidden className="size-4" />
      {msg.crewCycleFinaleLink}
    </Link>
  );
}

function NextCycle({ next }: { next: CrewCycleSummary }) {
  return (
    <p className="text-sm font-semibold">
      {msg.crewCycleNext(formatWeekdayDate(next.startDate), next.modeLabel)}
    </p>
  );
}
