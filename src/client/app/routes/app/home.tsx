import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useState,
  type ComponentProps,
} from 'react';
import { toast } from 'sonner';
import { CircleAlert, RotateCw } from 'lucide-react';
import type {
  AwardedBadge,
  CheckinView,
  ConnectionActivityView,
  ConnectionFuelView,
  TodayResponse,
} from '@shared/api-types';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useSignedInUser } from '@client/features/auth/components/require-auth';
import { todayQueryOptions, useToday } from '@client/features/checkin/api/get-today';
import { QueuedCheckinCard } from '@client/features/checkin/offline/queued-checkin-card';
import { useQueuedCheckin } from '@client/features/checkin/offline/use-queued-checkin';
import { badgeEmoji } from '@client/features/checkin/components/badge-celebration';
import { CheckinSummary } from '@client/features/checkin/components/checkin-summary';
import { CycleProgress } from '@client/features/checkin/components/cycle-progress';
import {
  CheckinFormPlaceholder,
  TodaySkeleton,
} from '@client/features/checkin/components/today-skeleton';
import { useStillEditable } from '@client/features/checkin/hooks/use-still-editable';
import type * as CheckinFormModule from '@client/features/checkin/lazy/checkin-form';
import { CycleComplete } from '@client/features/cycle/components/cycle-complete';
import { CycleStartsTomorrow } from '@client/features/cycle/components/cycle-starts-tomorrow';
import { InviteBuddiesDialog } from '@client/features/invites/components/invite-buddies-dialog';
import { NewReviewCard } from '@client/features/review/components/new-review-card';
import { StreakPanel } from '@client/features/streaks/components/streak-panel';
import { queryClient } from '@client/lib/query-client';
import { queryKeys } from '@client/lib/query-keys';
import { memberLoader } from './layout';
import { renderingServedMarkup } from '@client/lib/served-markup';

// The check-in form (react-hook-form, the shared zod schemas, the journal editor, the media picker)
// is evaluated only when today's screen shows it: a member who has checked in sees the summary and
// runs none of it (decision 0029). The home shell preloads its chunk, so it is at hand when needed;
// the first render with today's data is deferred, so while it loads the skeleton stays.
const loadCheckinForm = () => import('@client/features/checkin/lazy/checkin-form');
type CheckinFormComponent = typeof CheckinFormModule.CheckinForm;
const LazyCheckinForm = lazy(() => loadCheckinForm().then((m) => ({ default: m.CheckinForm })));
let loadedCheckinForm: CheckinFormComponent | null = null;

/** The form: at once where its code is in already (prepare), else lazily. */
function CheckinForm(props: ComponentProps<CheckinFormComponent>) {
  const Loaded = loadedCheckinForm;
  return Loaded ? <Loaded {...props} /> : <LazyCheckinForm {...props} />;
}

/**
 * Awaited by the router (render/router.tsx) before the app takes over a server-rendered home that shows the form
 * (decision 0031): the form's code first, so that the app's first render is the form the member may
 * already be filling in, not its placeholder. Elsewhere it returns at once.
 */
export async function prepare(): Promise<void> {
  if (!renderingServedMarkup()) return;
  const today = queryClient.getQueryData<TodayResponse>(queryKeys.checkins.today);
  if (!today || today.checkin || today.cycle.complete) return;
  try {
    loadedCheckinForm = (await loadCheckinForm()).CheckinForm;
  } catch {
    // Its chunk did not load: the lazy form tries again when shown.
  }
}

/** Rendered on the server with today's check-in (src/shared/pages.ts). */
export const loader = memberLoader((client) => client.fetchQuery(todayQueryOptions));

/** /app: the day counter and 90-day bar, then today's check-in form, summary or edit form. */
export function HomeRoute() {
  const today = useToday();
  // The screen's first render with its data is deferred, so React renders it in slices (decision 0029).
  const shown = useDeferredValue(Boolean(today.data));

  useEffect(() => {
    if (today.isError) toast.error(msg.errorLoadingCycle, { id: 'today-error' });
  }, [today.isError]);

  let body;
  if (shown && today.data) {
    body = (
      <div className="grid gap-8 lg:grid-cols-[minmax(0,19rem)_minmax(0,1fr)] lg:items-start lg:gap-10">
        <div className="lg:sticky lg:top-24">
          <CycleProgress
            cycle={today.data.cycle}
            action={<InviteBuddiesDialog className="w-full sm:w-auto lg:w-full" />}
          />
          <NewReviewCard cycle={today.data.cycle} />
          {/* At risk, a pause and its way back, the mode in the first days (issue 43). */}
          <div className="mt-5">
            <StreakPanel cycle={today.data.cycle} />
          </div>
          {!today.data.cycle.started && (
            <div className="mt-5">
              <CycleStartsTomorrow startDate={today.data.cycle.startDate} />
            </div>
          )}
        </div>
        <div className="min-w-0">
          {/* Past day 90 the cycle takes no check-in: its summary and Start New Cycle instead. */}
          {today.data.cycle.complete ? (
            <CycleComplete />
          ) : today.data.cycle.paused && !today.data.checkin ? null : (
            <Suspense fallback={<CheckinFormPlaceholder label={msg.loading} />}>
              <TodayCheckin
                checkin={today.data.checkin}
                connection={today.data.connection}
                fuel={today.data.fuel ?? null}
              />
            </Suspense>
          )}
        </div>
      </div>
    );
  } else if (today.isError && !today.data) {
    body = (
      <Card className="mx-auto max-w-md">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <CircleAlert aria-hidden className="size-8 text-danger" />
          <p className="font-semibold">{msg.errorLoadingCycle}</p>
          <Button onClick={() => void today.refetch()} disabled={today.isFetching}>
            <RotateCw aria-hidden className="size-4" />
            {msg.crewCycleTryAgain}
          </Button>
        </CardContent>
      </Card>
    );
  } else {
    body = <TodaySkeleton />;
  }

  return (
    <>
      <title>
        {today.data
          ? msg.common.pageTitle(msg.cycleDayLabel(today.data.cycle.day, today.data.cycle.started))
          : msg.homePage.title}
      </title>
      {body}
    </>
  );
}

function TodayCheckin({
  checkin,
  connection,
  fuel,
}: {
  checkin: CheckinView | null;
  connection: ConnectionActivityView | null;
  fuel: ConnectionFuelView | null;
}) {
  const [editing, setEditing] = useState(false);
  const [completed, setCompleted] = useState<{ badge: AwardedBadge | null } | null>(null);
  const canEdit = useStillEditable(checkin?.editable ?? false, checkin?.editableUntil ?? '');
  // A check-in made offline waits on this device until it is sent (decision 0023).
  const { userId } = useSignedInUser();
  const { queued } = useQueuedCheckin(userId);

  // The window closed while the edit form was open: say so rather than let the save fail.
  useEffect(() => {
    if (editing && !canEdit) {
      setEditing(false);
      toast.info(msg.checkinEditWindowClosed);
    }
  }, [editing, canEdit]);

  if (!checkin && queued) return <QueuedCheckinCard item={queued} />;

  if (!checkin) {
    return (
      <CheckinForm
        mode="create"
        userId={userId}
        connection={connection}
        fuel={fuel}
        onCompleted={(badge) => {
          setCompleted({ badge });
          if (badge) {
            toast.success(msg.badgeEarned, {
              description: `${badgeEmoji(badge.code)} ${badge.name}`,
            });
          }
        }}
      />
    );
  }

  if (editing && canEdit) {
    return (
      <CheckinForm
        mode="edit"
        checkin={checkin}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }

  return (
    <CheckinSummary
      checkin={checkin}
      canEdit={canEdit}
      // In a transition: the summary stays until the form's code is in.
      onEdit={() => startTransition(() => setEditing(true))}
      justCompleted={completed !== null}
      badge={completed?.badge}
      onBadgeDismissed={() => setCompleted({ badge: null })}
    />
  );
}
