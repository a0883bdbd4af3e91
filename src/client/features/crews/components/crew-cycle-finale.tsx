import { Link } from 'react-router';
import { ArrowLeft, Flame, RefreshCw, Target, Trophy } from 'lucide-react';
import type { CrewCycleFinale, CrewCycleFinaleMember, CrewCyclePhoto } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { pagePath } from '@shared/pages';
import { errorMessage } from '@client/lib/api-client';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { Spinner } from '@client/components/ui/spinner';
import { StatGrid } from '@client/components/ui/stat-card';
import { useCrewCycleFinale } from '../api/get-crew-cycle-finale';
import { MemberName } from './crew-board';
import { JoinedDay } from './crew-cycle-board';

/** /app/crews/{id}/cycles/{cycleId}/finale: the whole crew's Day 90 (issue 44). */
export function CrewCycleFinaleScreen({ crewId, cycleId }: { crewId: string; cycleId: string }) {
  const finale = useCrewCycleFinale(crewId, cycleId);
  const back = (
    <Link
      to={pagePath('app-crew', { crewId })}
      className="inline-flex items-center gap-1 font-semibold text-accent-text underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {msg.crewCycleBackToCrew}
    </Link>
  );
  if (finale.isPending) return <Spinner label={msg.loading} />;
  if (finale.isError)
    return (
      <Card className="flex flex-col items-start gap-3 p-6">
        <title>{msg.common.pageTitle(msg.crewCycleFinaleLink)}</title>
        <h1 className="text-xl font-bold">
          {errorMessage(finale.error, msg.crewCycleFinaleError)}
        </h1>
        <Button type="button" variant="secondary" onClick={() => void finale.refetch()}>
          <RefreshCw aria-hidden className="size-4" />
          {msg.crewCycleTryAgain}
        </Button>
        {back}
      </Card>
    );
  return <Finale finale={finale.data} back={back} />;
}

function Finale({ finale, back }: { finale: CrewCycleFinale; back: React.ReactNode }) {
  const { goal, crewStreak, cycle } = finale;
  return (
    <div className="flex flex-col gap-6">
      <title>{msg.common.pageTitle(msg.crewCycleFinaleTitle(finale.crewName))}</title>
      {back}
      <ScreenHeading
        description={`${msg.crewCycleDates(formatWeekdayDate(cycle.startDate), formatWeekdayDate(cycle.lastDate))} · ${cycle.modeLabel}`}
      >
        {msg.crewCycleFinaleTitle(finale.crewName)}
      </ScreenHeading>
      <p className="text-lg">{msg.crewCycleFinaleLead}</p>
      <StatGrid
        className="grid gap-3 sm:grid-cols-2"
        stats={[
          {
            icon: Flame,
            label: msg.crewCycleStreak,
            value: msg.crewCycleStreakDays(crewStreak.longest),
            note: msg.crewCycleStreakHint,
          },
          goal !== null && {
            icon: Target,
            label: msg.crewCycleGoal,
            value: msg.crewCycleGoalMinutes(goal.minutes),
            note: goal.reached
              ? msg.crewCycleGoalReached
              : msg.crewCycleFinaleGoalMissed(goal.doneMinutes, goal.minutes),
          },
        ]}
      />
      {goal && (
        <ProgressBar
          value={Math.min(goal.doneMinutes, goal.minutes)}
          max={goal.minutes}
          percent={goal.percent}
          label={msg.crewCycleGoal}
          valueText={msg.crewCycleGoalProgress(goal.doneMinutes, goal.minutes)}
          className="h-3 bg-muted"
        />
      )}
      <section aria-labelledby="finale-members" className="flex flex-col gap-3">
        <h2 id="finale-members" className="text-xl font-bold">
          {msg.crewCycleFinaleMembers}
        </h2>
        <ol className="flex flex-col gap-3">
          {finale.members.map((member, rank) => (
            <FinaleMember key={member.userId} member={member} rank={rank + 1} />
          ))}
        </ol>
      </section>
    </div>
  );
}

function FinaleMember({ member, rank }: { member: CrewCycleFinaleMember; rank: number }) {
  const photos = [member.dayOnePhoto, member.dayNinetyPhoto].filter(
    (photo): photo is CrewCyclePhoto => photo !== null,
  );
  return (
    <li aria-label={member.displayName}>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-center gap-3">
          <span className="tabular flex w-10 items-center gap-1 text-lg font-black text-muted-foreground">
            {rank}
            {rank === 1 && <Trophy aria-hidden className="size-4 text-accent-text" />}
          </span>
          <MemberAvatar name={member.displayName} src={member.avatarUrl} className="size-10" />
          <div className="min-w-0 flex-1">
            <MemberName member={member}>
              <JoinedDay day={member.joinedDay} />
            </MemberName>
            <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
              <span className="tabular font-semibold text-foreground">
                {msg.crewCycleMemberConsistency(member.consistency)}
              </span>
              <span className="tabular">{msg.crewCycleFinaleCheckins(member.checkins)}</span>
              <span className="tabular">{msg.crewCycleFinaleLongest(member.longestStreak)}</span>
            </p>
          </div>
        </div>
        {photos.length > 0 ? (
          <div className="grid max-w-md grid-cols-2 gap-2">
            {photos.map((photo) => (
              <figure key={photo.day} className="flex flex-col gap-1">
                <img
                  src={photo.thumbUrl ?? photo.url}
                  alt={msg.crewCycleFinalePhotoAlt(member.displayName, photo.day)}
                  loading="lazy"
                  decoding="async"
                  width={320}
                  height={400}
                  className="aspect-[4/5] w-full rounded-xl bg-muted object-cover"
                />
                <figcaption className="text-sm font-semibold">
                  {msg.crewCycleFinalePhotoDay(photo.day)}
                </figcaption>
              </figure>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{msg.crewCycleFinaleNoPhotos}</p>
        )}
      </Card>
    </li>
  );
}
