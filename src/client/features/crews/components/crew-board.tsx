import { toast } from 'sonner';
import { Bell, Check, UserMinus } from 'lucide-react';
import type { CrewBoardEntry, CrewDetail } from '@shared/api-types';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { useNudge, useRemoveMember } from '../api';

/** A crew's board: every member's day, today's check-in, streak and consistency, with Nudge. */
export function Board({ detail, viewerId }: { detail: CrewDetail; viewerId: string }) {
  return (
    <section aria-labelledby="crew-board" className="flex flex-col gap-3">
      <h2 id="crew-board" className="text-xl font-bold">
        Board
      </h2>
      <Card className="p-2 sm:p-3">
        <ol className="flex flex-col">
          {detail.board.map((entry) => (
            <BoardRow
              key={entry.userId}
              crewId={detail.crew.id}
              entry={entry}
              canRemove={detail.crew.isOwner && entry.userId !== viewerId}
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
}: {
  crewId: string;
  entry: CrewBoardEntry;
  canRemove: boolean;
}) {
  const nudge = useNudge(crewId);
  const remove = useRemoveMember(crewId);
  const onNudge = () =>
    nudge.mutate(entry.userId, { onSuccess: (sent) => toast.success(sent.message) });
  const onRemove = () => {
    if (!window.confirm(`Remove ${entry.displayName} from the crew?`)) return;
    remove.mutate(entry.userId);
  };
  return (
    <li
      className="flex flex-wrap items-center gap-3 border-b border-border p-2 last:border-b-0"
      aria-label={entry.displayName}
    >
      <MemberAvatar name={entry.displayName} src={entry.avatarUrl} className="size-10" />
      <BoardMember entry={entry} />
      {!entry.isMe && !entry.checkedInToday && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={entry.nudgedToday || nudge.isPending}
          onClick={onNudge}
          aria-label={
            entry.nudgedToday ? `${entry.displayName} nudged today` : `Nudge ${entry.displayName}`
          }
        >
          {entry.nudgedToday ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Bell aria-hidden className="size-4" />
          )}
          {entry.nudgedToday ? 'Nudged' : 'Nudge'}
        </Button>
      )}
      {canRemove && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={remove.isPending}
          aria-label={`Remove ${entry.displayName}`}
        >
          <UserMinus aria-hidden className="size-4" />
        </Button>
      )}
    </li>
  );
}

/** A board member's name (You, Owner) and their numbers. */
function BoardMember({ entry }: { entry: CrewBoardEntry }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="truncate font-bold">
        {entry.displayName}
        {entry.isMe && (
          <span className="ml-2 text-sm font-semibold text-muted-foreground">You</span>
        )}
        {entry.isOwner && (
          <span className="ml-2 text-sm font-semibold text-muted-foreground">Owner</span>
        )}
      </p>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span className="tabular">
          {entry.currentDay ? msg.cycleDayLabel(entry.currentDay, entry.started) : 'No cycle yet'}
        </span>
        <span className={entry.checkedInToday ? 'font-semibold text-accent-text' : undefined}>
          {entry.checkedInToday ? 'Checked in today' : 'Not yet today'}
        </span>
        <span className="tabular">Streak {entry.streak}</span>
        <span className="tabular">{entry.consistency}% consistency</span>
      </p>
    </div>
  );
}
