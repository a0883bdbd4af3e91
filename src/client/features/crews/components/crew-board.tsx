import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Bell, Check, UserMinus } from 'lucide-react';
import type { CrewBoardEntry, CrewDetail, CrewMemberToday } from '@shared/api-types';
import { msg } from '@shared/messages';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { StrictTag } from '@client/components/strict-tag';
import { useNudge } from '../api/nudge';
import { useRemoveMember } from '../api/remove-member';

/**
 * A crew's board: every member's day, today's check-in, streak and consistency, with Nudge; before a
 * crew cycle's Day 1, each member's choice on it (`choices`, by member id: "moving at Day 1").
 */
export function Board({
  detail,
  viewerId,
  choices,
}: {
  detail: CrewDetail;
  viewerId: string;
  choices?: ReadonlyMap<string, string>;
}) {
  return (
    <section aria-labelledby="crew-board" className="flex flex-col gap-3">
      <h2 id="crew-board" className="text-xl font-bold">
        {msg.crewCycleBoard}
      </h2>
      <Card className="p-2 sm:p-3">
        <ol className="flex flex-col">
          {detail.board.map((entry) => (
            <BoardRow
              key={entry.userId}
              crewId={detail.crew.id}
              entry={entry}
              canRemove={detail.crew.isOwner && entry.userId !== viewerId}
              liveLink={detail.invite !== null}
              choice={choices?.get(entry.userId)}
            />
          ))}
        </ol>
      </Card>
    </section>
  );
}

function BoardRow({
  crewId,
  entry,
  canRemove,
  liveLink,
  choice,
}: {
  crewId: string;
  entry: CrewBoardEntry;
  canRemove: boolean;
  /** The crew has a live invite link, which a removed member cannot use again (decision 0094). */
  liveLink: boolean;
  choice?: string;
}) {
  const nudge = !entry.isMe && entry.today === 'open';
  return (
    <MemberItem member={entry}>
      <BoardMember entry={entry} />
      {/* The buttons keep together and move under the numbers when a phone leaves these too narrow. */}
      {(nudge || canRemove) && (
        <div className="ml-auto flex items-center gap-3">
          {nudge && <NudgeButton crewId={crewId} member={entry} />}
          {canRemove && <RemoveMemberButton crewId={crewId} member={entry} liveLink={liveLink} />}
        </div>
      )}
      {/* A line of its own under the name (past the picture), beside a row's buttons on a phone. */}
      {choice && <p className="basis-full pl-13 text-sm font-semibold">{choice}</p>}
    </MemberItem>
  );
}

/** One line of a crew's member list: the member's picture, then `children`. */
export function MemberItem({
  member,
  children,
}: {
  member: { displayName: string; avatarUrl: string | null };
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-wrap items-center gap-3 border-b border-border p-2 last:border-b-0"
      aria-label={member.displayName}
    >
      <MemberAvatar name={member.displayName} src={member.avatarUrl} className="size-10" />
      {children}
    </li>
  );
}

/** Nudge a crew member who has not checked in today (once a day; the answer's words are the toast). */
export function NudgeButton({
  crewId,
  member,
}: {
  crewId: string;
  member: { userId: string; displayName: string; nudgedToday: boolean };
}) {
  const nudge = useNudge(crewId);
  const onNudge = () =>
    nudge.mutate(member.userId, { onSuccess: (sent) => toast.success(sent.message) });
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      disabled={member.nudgedToday || nudge.isPending}
      onClick={onNudge}
      aria-label={
        member.nudgedToday
          ? msg.crewBoard.nudgedToday(member.displayName)
          : msg.crewBoard.nudgeName(member.displayName)
      }
    >
      {member.nudgedToday ? (
        <Check aria-hidden className="size-4" />
      ) : (
        <Bell aria-hidden className="size-4" />
      )}
      {member.nudgedToday ? msg.crewBoard.nudged : msg.crewBoard.nudge}
    </Button>
  );
}

/** The owner removes a member, after a confirmation that says what happens to the link. */
export function RemoveMemberButton({
  crewId,
  member,
  liveLink,
}: {
  crewId: string;
  member: { userId: string; displayName: string };
  liveLink: boolean;
}) {
  const remove = useRemoveMember(crewId);
  const onRemove = () => remove.mutateAsync(member.userId).catch(shownByMeta);
  return (
    <ConfirmButton
      type="button"
      variant="ghost"
      size="sm"
      disabled={remove.isPending}
      aria-label={msg.crewBoard.removeMember(member.displayName)}
      title={msg.crewRemoveTitle(member.displayName)}
      description={
        liveLink
          ? msg.crewRemoveWithLink(member.displayName)
          : msg.crewRemoveWithoutLink(member.displayName)
      }
      confirmLabel={msg.crewRemoveConfirm}
      onConfirm={onRemove}
    >
      <UserMinus aria-hidden className="size-4" />
    </ConfirmButton>
  );
}

/** A crew member's name, with You, Owner and the Strict tag where they apply, then `children`. */
export function MemberName({
  member,
  children,
}: {
  member: { displayName: string; isMe: boolean; isOwner?: boolean; strict?: boolean };
  children?: ReactNode;
}) {
  return (
    <p className="truncate font-bold">
      {member.displayName}
      {member.isMe && (
        <span className="ml-2 text-sm font-semibold text-muted-foreground">{msg.youTag.you}</span>
      )}
      {member.isOwner && (
        <span className="ml-2 text-sm font-semibold text-muted-foreground">{msg.common.owner}</span>
      )}
      {member.strict && <StrictTag className="ml-2 align-middle" />}
      {children}
    </p>
  );
}

/** A board member's name (You, Owner) and their numbers, never narrower than 9rem. */
function BoardMember({ entry }: { entry: CrewBoardEntry }) {
  return (
    <div className="min-w-36 flex-1">
      <MemberName member={entry} />
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span className="tabular">
          {entry.currentDay
            ? msg.cycleDayLabel(entry.currentDay, entry.started)
            : msg.crewBoard.noCycleYet}
        </span>
        <span
          className={entry.today === 'checked-in' ? 'font-semibold text-accent-text' : undefined}
        >
          {TODAY_LABEL[entry.today]}
        </span>
        <span className="tabular">{msg.crewCycleMemberStreak(entry.streak)}</span>
        <span className="tabular">{msg.crewBoard.consistency(entry.consistency)}</span>
      </p>
    </div>
  );
}

/** What a board line says of the member's today (issue 41): never "Not yet" for a day they can't log. */
const TODAY_LABEL: Record<CrewMemberToday, string> = {
  get 'checked-in'() {
    return msg.crewBoardCheckedIn;
  },
  get open() {
    return msg.crewBoardOpen;
  },
  get 'cycle-complete'() {
    return msg.crewBoardCycleComplete;
  },
  get 'starts-later'() {
    return msg.crewBoardStartsLater;
  },
  get paused() {
    return msg.crewBoardPaused;
  },
};
