import { toast } from 'sonner';
import { ArrowRightLeft, UserCheck } from 'lucide-react';
import type { CrewCycleView } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import { useChooseCrewCycle } from '../api/choose-crew-cycle';

/**
 * The viewer's choice on the crew's cycle: move to it (their current cycle ends and stays in their
 * history) or stay on their own. Nothing moves without it.
 */
export function CrewCycleChoice({ crewId, cycle }: { crewId: string; cycle: CrewCycleView }) {
  const choose = useChooseCrewCycle(crewId, cycle.id);
  const { me } = cycle;
  const startDate = formatWeekdayDate(cycle.startDate);

  const onMove = () =>
    choose
      .mutateAsync('move')
      .then((state) =>
        toast.success(
          state.cycle?.me.state === 'moving' ? msg.crewCycleMoving : msg.crewCycleMoved,
        ),
      )
      .catch(shownByMeta);
  const onStay = () =>
    choose
      .mutateAsync('stay')
      .then(() => toast.success(msg.crewCycleStaying))
      .catch(shownByMeta);

  const status = statusOf(cycle, crewId);
  const windowClosed =
    !me.canMove && me.state !== 'on-crew-cycle' && me.state !== 'moving' && !cycle.joinWindow.open;

  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
      data-testid="crew-cycle-choice"
    >
      {status ? (
        <p className="flex items-center gap-2 font-semibold" role="status">
          <UserCheck aria-hidden className="size-5 shrink-0 text-accent-text" />
          {status}
        </p>
      ) : (
        <h3 className="text-lg font-bold">{msg.crewCycleChoiceTitle}</h3>
      )}
      {me.canMove && <MoveMeans crewId={crewId} cycle={cycle} startDate={startDate} />}
      {windowClosed && (
        <p className="text-sm text-muted-foreground">{msg.crewCycleWindowClosedForYou}</p>
      )}
      {(me.canMove || (me.canStay && me.state !== 'on-own-cycle')) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {me.canMove && (
            <ConfirmButton
              type="button"
              disabled={choose.isPending}
              title={msg.crewCycleMoveConfirmTitle}
              description={msg.crewCycleChoiceLead(startDate)}
              confirmLabel={msg.crewCycleMove}
              onConfirm={onMove}
            >
              <ArrowRightLeft aria-hidden className="size-4" />
              {msg.crewCycleMove}
            </ConfirmButton>
          )}
          {me.canStay && me.state !== 'on-own-cycle' && (
            <Button type="button" variant="secondary" disabled={choose.isPending} onClick={onStay}>
              {msg.crewCycleStay}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** What the viewer's place on the cycle is, in words; null: they are still to choose. */
function statusOf(cycle: CrewCycleView, crewId: string): string | null {
  const { me } = cycle;
  if (me.state === 'on-crew-cycle') return msg.crewCycleYouAreOn;
  if (me.state === 'moving') return msg.crewCycleYouAreMoving;
  if (me.state === 'undecided') return null;
  return me.heldBy && me.heldBy.crewId !== crewId
    ? msg.crewCycleYouHeldBy(me.heldBy.crewName)
    : msg.crewCycleYouStay;
}

/** What moving means: the new Day 1, a late join's count, the crew cycle it ends, what staying keeps. */
function MoveMeans({
  crewId,
  cycle,
  startDate,
}: {
  crewId: string;
  cycle: CrewCycleView;
  startDate: string;
}) {
  const { me } = cycle;
  return (
    <>
      <p className="text-sm">{msg.crewCycleChoiceLead(startDate)}</p>
      {cycle.phase === 'running' && cycle.crewDay !== null && cycle.crewDay > 1 && (
        <p className="text-sm text-muted-foreground">{msg.crewCycleChoiceLate(cycle.crewDay)}</p>
      )}
      {me.heldBy && me.heldBy.crewId !== crewId && (
        <p className="text-sm text-muted-foreground">
          {msg.crewCycleChoiceHeldBy(me.heldBy.crewName)}
        </p>
      )}
      {me.state === 'undecided' && me.canStay && (
        <p className="text-sm text-muted-foreground">{msg.crewCycleChoiceStayMeans}</p>
      )}
    </>
  );
}
