import type { ReactNode } from 'react';
import { Flame, Hourglass, Target } from 'lucide-react';
import type { CrewCycleBoardEntry, CrewCycleOtherMember, CrewCycleView } from '@shared/api-types';
import { msg } from '@shared/messages';
import { Card } from '@client/components/ui/card';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { cn } from '@client/lib/cn';
import { MemberItem, MemberName, NudgeButton, RemoveMemberButton } from './crew-board';

/** Who may remove whom: the owner, anyone but themselves (decision 0094's link warning). */
export interface RemoveRights {
  canRemove: boolean;
  viewerId: string;
  liveLink: boolean;
}

/** The crew streak, "Waiting for Sam" with the nudge, and the goal's shared bar. */
export function CrewCycleStats({ crewId, cycle }: { crewId: string; cycle: CrewCycleView }) {
  const { crewStreak, goal } = cycle;
  const nudged = new Map(cycle.board.map((entry) => [entry.userId, entry]));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Card className="flex flex-col gap-2 p-4" data-testid="crew-streak">
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Flame aria-hidden className="size-4 shrink-0" />
          {msg.crewCycleStreak}
        </p>
        <p className="tabular text-4xl font-black tracking-tight">
          {msg.crewCycleStreakDays(crewStreak.days)}
        </p>
        <p className="text-xs text-muted-foreground">
          {msg.crewCycleStreakHint} {msg.crewCycleStreakLongest(crewStreak.longest)}
        </p>
        {crewStreak.todayCounted ? (
          <p className="text-sm font-semibold text-accent-text">{msg.crewCycleStreakTodayIn}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={msg.crewCycleStreak}>
            {crewStreak.waitingFor.map((member) => {
              const entry = nudged.get(member.userId);
              return (
                <li key={member.userId} className="flex flex-wrap items-center gap-2">
                  <Hourglass aria-hidden className="size-4 shrink-0 text-warning" />
                  <span className="min-w-0 flex-1 font-semibold">
                    {entry?.isMe
                      ? msg.crewCycleWaitingForYou
                      : msg.crewCycleWaitingFor(member.displayName)}
                  </span>
                  {entry && !entry.isMe && entry.waiting && (
                    <NudgeButton crewId={crewId} member={entry} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
      {goal && (
        <Card className="flex flex-col gap-2 p-4" data-testid="crew-goal">
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <Target aria-hidden className="size-4 shrink-0" />
            {msg.crewCycleGoal}
          </p>
          <p className="tabular text-2xl font-black tracking-tight">
            {msg.crewCycleGoalProgress(goal.doneMinutes, goal.minutes)}
          </p>
          <ProgressBar
            value={Math.min(goal.doneMinutes, goal.minutes)}
            max={goal.minutes}
            percent={goal.percent}
            minPercent={goal.doneMinutes > 0 ? 2 : 0}
            label={msg.crewCycleGoal}
            valueText={msg.crewCycleGoalProgress(goal.doneMinutes, goal.minutes)}
            className="h-3 bg-muted"
          />
          {goal.reached && (
            <p className="text-sm font-semibold text-accent-text">{msg.crewCycleGoalReached}</p>
          )}
        </Card>
      )}
    </div>
  );
}

/** The members on the crew cycle, ranked by consistency, and the rest of the crew. */
export function CrewCycleBoard({
  crewId,
  cycle,
  rights,
}: {
  crewId: string;
  cycle: CrewCycleView;
  rights: RemoveRights;
}) {
  return (
    <>
      <MemberList id="crew-cycle-board" title={msg.crewCycleBoard} ordered>
        {cycle.board.map((entry) => (
          <MemberRow key={entry.userId} crewId={crewId} member={entry} rights={rights}>
            <BoardNumbers entry={entry} />
          </MemberRow>
        ))}
      </MemberList>
      <MemberList id="crew-cycle-others" title={msg.crewCycleOthers}>
        {cycle.others.map((other) => (
          <MemberRow key={other.userId} crewId={crewId} member={other} rights={rights}>
            <p className="text-sm text-muted-foreground">{OTHER_STATE[other.state]}</p>
          </MemberRow>
        ))}
      </MemberList>
    </>
  );
}

/** A titled list of crew members in a card; nothing when it is empty. */
function MemberList({
  id,
  title,
  ordered = false,
  children,
}: {
  id: string;
  title: string;
  ordered?: boolean;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <Card className="p-2 sm:p-3">
        <List className="flex flex-col">{children}</List>
      </Card>
    </section>
  );
}

/** "joined Day 2" beside a late joiner's name. */
export function JoinedDay({ day }: { day: number | null | undefined }) {
  if (day == null) return null;
  return (
    <span className="ml-2 text-sm font-semibold text-muted-foreground">
      {msg.crewCycleJoinedDay(day)}
    </span>
  );
}

export const OTHER_STATE: Record<CrewCycleOtherMember['state'], string> = {
  get 'on-own-cycle'() {
    return msg.crewCycleOnOwnCycle;
  },
  get moving() {
    return msg.crewCycleMovingSoon;
  },
  get undecided() {
    return msg.crewCycleUndecided;
  },
};

function MemberRow({
  crewId,
  member,
  rights,
  children,
}: {
  crewId: string;
  member: (CrewCycleBoardEntry | CrewCycleOtherMember) & { joinedDay?: number | null };
  rights: RemoveRights;
  children: ReactNode;
}) {
  return (
    <MemberItem member={member}>
      <div className="min-w-0 flex-1">
        <MemberName member={member}>
          <JoinedDay day={member.joinedDay} />
        </MemberName>
        {children}
      </div>
      {rights.canRemove && member.userId !== rights.viewerId && (
        <RemoveMemberButton crewId={crewId} member={member} liveLink={rights.liveLink} />
      )}
    </MemberItem>
  );
}

/** A board member's day, today, streak and consistency: their own My Cycle's numbers. */
function BoardNumbers({ entry }: { entry: CrewCycleBoardEntry }) {
  return (
    <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
      {entry.day !== null && (
        <span className="tabular font-semibold text-foreground">
          {msg.crewCycleMemberDay(entry.day)}
        </span>
      )}
      <span
        className={cn(
          entry.today === 'checked-in' && 'font-semibold text-accent-text',
          entry.today === 'not-yet' && 'font-semibold text-foreground',
        )}
      >
        {msg.crewCycleToday[entry.today]}
      </span>
      <span className={cn('tabular', entry.atRisk && 'font-semibold text-foreground')}>
        {msg.crewCycleMemberStreak(entry.streak)}
      </span>
      <span className="tabular">{msg.crewCycleMemberConsistency(entry.consistency)}</span>
    </p>
  );
}
