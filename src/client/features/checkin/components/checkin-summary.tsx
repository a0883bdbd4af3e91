import { useEffect, useRef, type ReactNode } from 'react';
import { Beef, CircleCheck, Droplets, Minus, Pencil } from 'lucide-react';
import type { AwardedBadge, CheckinView } from '@shared/api-types';
import { formatTime } from '@shared/format';
import { msg } from '@shared/messages';
import { MediaGallery } from '@client/components/media-gallery/media-gallery';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Markdown } from '@client/components/ui/markdown';
import { cn } from '@client/lib/cn';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { AddUpdateDialog } from './add-update-dialog';
import { BadgeCelebration } from './badge-celebration';
import { MoveAndSteps } from './move-and-steps';

/** "Today's Check-in Complete!": what was logged, the proof, later updates, Edit and Add Update. */
export function CheckinSummary({
  checkin,
  canEdit,
  onEdit,
  justCompleted = false,
  badge,
  onBadgeDismissed,
}: {
  checkin: CheckinView;
  /** Still inside the edit window (the screen keeps this current with a timer). */
  canEdit: boolean;
  onEdit: () => void;
  /** The member completed it a moment ago on this screen: celebrate a little. */
  justCompleted?: boolean;
  badge?: AwardedBadge | null;
  onBadgeDismissed?: () => void;
}) {
  return (
    <Card role="region" aria-labelledby={`summary-${checkin.id}`}>
      <SummaryHeader
        checkin={checkin}
        canEdit={canEdit}
        onEdit={onEdit}
        justCompleted={justCompleted}
        badge={badge}
        onBadgeDismissed={onBadgeDismissed}
      />

      <CardContent className="flex flex-col gap-6">
        <MoveAndSteps
          movedMinutes={checkin.movedMinutes}
          steps={checkin.steps}
          source={checkin.activitySource}
        />

        <FuelSection checkin={checkin} />

        <section aria-labelledby={`journal-${checkin.id}`} className="flex flex-col gap-2">
          <h3 id={`journal-${checkin.id}`} className="text-sm font-semibold">
            {msg.journalLabel}
          </h3>
          {checkin.journalMd.trim() ? (
            <Markdown className="text-base">{checkin.journalMd}</Markdown>
          ) : (
            <p className="text-sm text-muted-foreground">
              {msg.checkinSummary.noJournalTodayAddAn}
            </p>
          )}
        </section>

        {checkin.media.length > 0 && (
          <section aria-labelledby={`media-${checkin.id}`} className="flex flex-col gap-2">
            <h3 id={`media-${checkin.id}`} className="text-sm font-semibold">
              {msg.checkinSummary.proof}
            </h3>
            <MediaGallery media={checkin.media} label={msg.checkinSummary.proofMedia} />
          </section>
        )}

        {checkin.updates.length > 0 && <UpdatesSection checkin={checkin} />}
      </CardContent>
    </Card>
  );
}

/** The summary's heading (focused when just completed), a badge earned, Edit and Add Update. */
function SummaryHeader({
  checkin,
  canEdit,
  onEdit,
  justCompleted,
  badge,
  onBadgeDismissed,
}: {
  checkin: CheckinView;
  canEdit: boolean;
  onEdit: () => void;
  justCompleted: boolean;
  badge?: AwardedBadge | null;
  onBadgeDismissed?: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const timeZone = useMemberTimeZone();
  // The form that had focus is gone: land on the result, which also scrolls it into view.
  useEffect(() => {
    if (justCompleted) headingRef.current?.focus();
  }, [justCompleted]);
  return (
    <CardHeader className="gap-4">
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-full bg-success/15 text-success',
            justCompleted && 'motion-safe:animate-celebrate',
          )}
        >
          <CircleCheck aria-hidden className="size-6" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2
            id={`summary-${checkin.id}`}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-bold tracking-tight focus:outline-none"
          >
            {msg.todaysCheckinComplete}
          </h2>
          <p className="text-sm text-muted-foreground">
            {msg.checkinSummary.checkedInAt(
              msg.dayN(checkin.dayNumber),
              formatTime(checkin.createdAt, timeZone),
            )}
          </p>
        </div>
      </div>

      {badge && <BadgeCelebration badge={badge} onDismiss={onBadgeDismissed} />}

      <div className="flex flex-wrap items-center gap-2">
        {canEdit && (
          <Button variant="secondary" onClick={onEdit}>
            <Pencil aria-hidden className="size-4" />
            {msg.edit}
          </Button>
        )}
        <AddUpdateDialog checkinId={checkin.id} />
        {canEdit && (
          <p className="w-full text-xs text-muted-foreground sm:w-auto">
            {msg.checkinSummary.editUntil(formatTime(checkin.editableUntil, timeZone))}
          </p>
        )}
      </div>
    </CardHeader>
  );
}

/** Fuel: whether the protein target and the hydration goal were hit. */
function FuelSection({ checkin }: { checkin: CheckinView }) {
  return (
    <section aria-labelledby={`nutrition-${checkin.id}`} className="flex flex-col gap-2">
      <h3 id={`nutrition-${checkin.id}`} className="text-sm font-semibold">
        {msg.common.fuel}
      </h3>
      <ul className="flex flex-wrap gap-2">
        <NutritionPill
          hit={checkin.proteinTargetHit}
          label={msg.checkinSummary.protein}
          icon={<Beef aria-hidden className="size-4" />}
          spoken={checkin.proteinTargetHit ? 'Protein target hit' : 'Protein target not hit'}
        />
        <NutritionPill
          hit={checkin.hydrationGoalHit}
          label={msg.checkinSummary.hydration}
          icon={<Droplets aria-hidden className="size-4" />}
          spoken={checkin.hydrationGoalHit ? 'Hydration goal hit' : 'Hydration goal not hit'}
        />
      </ul>
    </section>
  );
}

/** The updates added to the check-in later, each with its time, text and media. */
function UpdatesSection({ checkin }: { checkin: CheckinView }) {
  const timeZone = useMemberTimeZone();
  return (
    <section aria-labelledby={`updates-${checkin.id}`} className="flex flex-col gap-3">
      <h3 id={`updates-${checkin.id}`} className="text-sm font-semibold">
        {msg.checkinSummary.updates}
      </h3>
      <ol className="flex flex-col gap-3">
        {checkin.updates.map((update) => (
          <li
            key={update.id}
            className="flex flex-col gap-3 rounded-xl border border-border bg-muted/40 p-4"
          >
            <time
              dateTime={update.createdAt}
              className="tabular text-xs font-medium text-muted-foreground"
            >
              {formatTime(update.createdAt, timeZone)}
            </time>
            {update.body && <Markdown>{update.body}</Markdown>}
            <MediaGallery media={update.media} label={msg.checkinSummary.updateMedia} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function NutritionPill({
  hit,
  label,
  icon,
  spoken,
}: {
  hit: boolean;
  label: string;
  icon: ReactNode;
  spoken: string;
}) {
  return (
    <li
      className={cn(
        'flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold',
        hit
          ? 'border-success/40 bg-success/10 text-success'
          : 'border-border bg-muted/60 text-muted-foreground',
      )}
    >
      {icon}
      <span aria-hidden>
        {label} {hit ? '✓' : ''}
      </span>
      {!hit && <Minus aria-hidden className="size-3.5" />}
      <span className="sr-only">{spoken}</span>
    </li>
  );
}
