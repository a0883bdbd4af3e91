import { useId, useState } from 'react';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import type { AdminSubscriptionView } from '@shared/api-types';
import {
  COMP_OPTIONS,
  NOTIFICATION_FILTER_ALL,
  NOTIFICATION_FILTER_STATUSES,
  type CompOption,
} from '@shared/constants';
import { customerIdPreview } from '@shared/domain/display';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { useAdminAudit } from '../api/get-audit';
import { useAdminNotifications } from '../api/get-notifications';
import { useAdminSubscriptions } from '../api/get-subscriptions';
import { useGiveComp } from '../api/give-comp';
import { useTriggerReminders } from '../api/trigger-reminders';
import { AdminTable, Cell, ListState, Pill, WhenText } from './admin-table';
import { LoadMore } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';

const subscriptionTone = { active: 'good', inactive: 'bad', canceled: 'warn' } as const;

export function SubscriptionsScreen() {
  const subs = useAdminSubscriptions();
  const rows = subs.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListState
        isLoading={subs.isLoading}
        error={subs.error}
        empty={rows.length === 0}
        errorText={msg.fetchSubscriptionsFailed}
        emptyText={msg.noSubscriptionsFound}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminLogsScreens.subscriptions}
          columns={['User', 'Status', 'Stripe customer', 'Period End', 'Created', 'Comp']}
        >
          {rows.map((s) => (
            <tr key={s.id}>
              <Cell label={msg.userRole}>{s.userName || msg.noName}</Cell>
              <Cell label={msg.common.status}>
                <span className="flex flex-wrap items-center gap-1.5">
                  <Pill
                    tone={subscriptionTone[s.status as keyof typeof subscriptionTone] ?? 'neutral'}
                  >
                    {s.status}
                  </Pill>
                  {s.accessEnded && <Pill tone="warn">{msg.accessEnded}</Pill>}
                </span>
              </Cell>
              <Cell label={msg.adminLogsScreens.stripeCustomer} className="font-mono">
                {customerIdPreview(s.stripeCustomerId)}
              </Cell>
              <Cell label={msg.adminLogsScreens.periodEnd} className="whitespace-nowrap">
                {s.currentPeriodEnd ? formatDate(s.currentPeriodEnd) : msg.notAvailable}
              </Cell>
              <Cell label={msg.common.created} className="whitespace-nowrap">
                {formatDate(s.createdAt)}
              </Cell>
              <Cell label={msg.common.comp}>
                <CompCell subscription={s} />
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <LoadMore list={subs} />
    </div>
  );
}

const GIVABLE_COMPS = COMP_OPTIONS.filter((o) => o.value !== 'none');

/**
 * The comp in force, or, for a member whose access has ended, an admin's comp at hand (decision
 * 0034): choose months or lifetime and give it; the server decides (billing's grantComp).
 */
function CompCell({ subscription: s }: { subscription: AdminSubscriptionView }) {
  const id = useId();
  const [comp, setComp] = useState<CompOption>('1');
  const give = useGiveComp();
  const current = COMP_OPTIONS.find((o) => o.value === s.comp);
  if (!s.accessEnded) return current ? msg.options.compLabel(current.value) : msg.notAvailable;
  const name = s.userName || msg.noName;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect
        id={`${id}-comp`}
        aria-label={msg.adminLogsScreens.compFor(name)}
        value={comp}
        onChange={(e) => setComp(e.target.value as CompOption)}
        className="w-auto"
      >
        {GIVABLE_COMPS.map((option) => (
          // Short labels: the control shares a table cell with its button.
          <option key={option.value} value={option.value}>
            {option.months === null
              ? msg.adminLogsScreens.lifetime
              : msg.options.comp.months(option.months)}
          </option>
        ))}
      </NativeSelect>
      <Button
        variant="secondary"
        aria-label={`${msg.giveFreeTime}: ${name}`}
        disabled={give.isPending}
        onClick={() => give.mutate({ userId: s.userId, comp })}
      >
        {msg.giveFreeTime}
      </Button>
    </div>
  );
}

/** Sends the daily reminders now, on an admin's word. */
function TriggerRemindersButton() {
  const trigger = useTriggerReminders();
  return (
    <Button
      disabled={trigger.isPending}
      onClick={async () => {
        const result = await trigger.mutateAsync().catch(shownByMeta);
        if (!result) return;
        toast.success(msg.remindersTriggered, {
          description: msg.remindersOutcome(result.reminders, result.dueLaterToday),
        });
      }}
    >
      {trigger.isPending ? msg.sending : msg.triggerDailyReminders}
    </Button>
  );
}

export function NotificationsScreen() {
  const [status, setStatus] = useState<string>(NOTIFICATION_FILTER_ALL);
  const logs = useAdminNotifications(status);
  const rows = logs.data?.pages.flatMap((page) => page.notifications) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="notification-status">{msg.common.status}</Label>
          <NativeSelect
            id="notification-status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          >
            <option value={NOTIFICATION_FILTER_ALL}>{msg.adminLogsScreens.all}</option>
            {NOTIFICATION_FILTER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button variant="secondary" onClick={() => logs.refetch()} disabled={logs.isFetching}>
          <RefreshCw aria-hidden className="size-4" />
          {msg.refresh}
        </Button>
        <TriggerRemindersButton />
      </div>
      <ListState
        isLoading={logs.isLoading}
        error={logs.error}
        empty={rows.length === 0}
        errorText={msg.errorLoadingNotificationLogs}
        emptyText={msg.noNotifications}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.common.notifications}
          columns={['Subject', 'Preview', 'Status', 'Scheduled', 'Sent']}
        >
          {rows.map((n) => (
            <tr key={n.id}>
              <Cell label={msg.adminLogsScreens.subject} className="md:min-w-44">
                {n.subject}
              </Cell>
              <Cell
                label={msg.adminLogsScreens.preview}
                className="max-w-48 truncate text-muted-foreground"
              >
                <span className="truncate" title={n.bodyPreview ?? undefined}>
                  {n.bodyPreview}
                </span>
              </Cell>
              <Cell label={msg.common.status}>
                <Pill
                  tone={n.sendStatus === 'failed' || n.sendStatus === 'bounced' ? 'bad' : 'neutral'}
                >
                  {n.sendStatus}
                </Pill>
              </Cell>
              <Cell label={msg.adminLogsScreens.scheduled}>
                {n.scheduledFor ? <WhenText iso={n.scheduledFor} /> : msg.notAvailable}
              </Cell>
              <Cell label={msg.adminLogsScreens.sent}>
                {n.sentAt ? <WhenText iso={n.sentAt} /> : msg.notAvailable}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <LoadMore list={logs} />
    </div>
  );
}

const json = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/** The audit trail, newest first: who, what, when, before and after. */
export function AuditScreen() {
  const audit = useAdminAudit();
  const rows = audit.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListState
        isLoading={audit.isLoading}
        error={audit.error}
        empty={rows.length === 0}
        errorText={msg.unexpectedError}
        emptyText={msg.noAuditEvents}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminLogsScreens.audit}
          columns={['When', 'Who', 'What', 'Target', 'Before', 'After']}
        >
          {rows.map((e) => (
            <tr key={e.id}>
              <Cell label={msg.adminLogsScreens.when}>
                <WhenText iso={e.createdAt} />
              </Cell>
              <Cell label={msg.adminLogsScreens.who} className="font-mono text-xs md:max-w-32">
                <span className="block truncate" title={e.actorId ?? e.actorKind}>
                  {e.actorId ?? e.actorKind}
                </span>
              </Cell>
              <Cell label={msg.adminLogsScreens.what} className="font-semibold">
                {/* 'notifications.trigger_reminders' may wrap after its dot, not inside a word. */}
                {e.action.replaceAll('.', '.\u200b')}
              </Cell>
              <Cell
                label={msg.adminLogsScreens.target}
                className="font-mono text-xs break-all md:max-w-40"
              >
                {e.targetType}:{e.targetId}
              </Cell>
              <Cell
                label={msg.adminLogsScreens.before}
                className="font-mono text-xs break-all md:min-w-28"
              >
                {json(e.before)}
              </Cell>
              <Cell
                label={msg.adminLogsScreens.after}
                className="font-mono text-xs break-all md:min-w-28"
              >
                {json(e.after)}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <LoadMore list={audit} />
    </div>
  );
}
