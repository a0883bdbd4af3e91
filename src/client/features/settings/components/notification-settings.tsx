import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Clock } from 'lucide-react';
import type { SettingsView } from '@shared/api-types';
import { REMINDER_HOURS, SETTINGS_TIMEZONES } from '@shared/constants';
import { settingsSchema, type SettingsData, type SettingsInput } from '@shared/domain/schemas';
import { formatTimeZone } from '@shared/format';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { Switch } from '@client/components/ui/switch';
import {
  disablePushOnThisDevice,
  enablePushOnThisDevice,
  pushSubscribedHere,
} from '../lib/push-on-this-device';
import { useUpdateSettings } from '../api/update-settings';

/** 5 → '5 AM', 12 → '12 PM', 22 → '10 PM'. */
export function reminderHourLabel(hour: number): string {
  return `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

const zoneLabel = formatTimeZone;

/** Notifications: reminder time (5 AM to 10 PM), e-mail and push nudges, and the time zone. */
export function NotificationSettings({ settings }: { settings: SettingsView }) {
  const id = useId();
  const update = useUpdateSettings();
  const form = useForm<SettingsInput, unknown, SettingsData>({
    resolver: zodResolver(settingsSchema),
    defaultValues: {
      reminderHour: settings.reminderHour,
      emailNudges: settings.emailNudges,
      pushNudges: settings.pushNudges,
      weeklyReviewEmail: settings.weeklyReviewEmail,
      timezone: settings.timezone,
    },
  });
  const { isSubmitting, isDirty } = form.formState;
  // Push is on for the account, but this browser was never subscribed (a new phone or laptop):
  // offer to turn it on here, on the member's tap (browsers ask for permission only then).
  const [pushMissingHere, setPushMissingHere] = useState(false);
  useEffect(() => {
    if (!settings.pushNudges) return;
    let live = true;
    void pushSubscribedHere().then((here) => live && setPushMissingHere(here === false));
    return () => {
      live = false;
    };
  }, [settings.pushNudges]);
  const busy = update.isPending || isSubmitting;
  // The member's own zone (the browser's at sign-up) stays choosable even when it is not listed.
  const zones: string[] = SETTINGS_TIMEZONES.map((zone) => zone.value);
  for (const own of [settings.timezone, settings.timezoneInEffect]) {
    if (!zones.includes(own)) zones.push(own);
  }

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { settings: saved } = await update.mutateAsync(input);
      form.reset({
        reminderHour: saved.reminderHour,
        emailNudges: saved.emailNudges,
        pushNudges: saved.pushNudges,
        weeklyReviewEmail: saved.weeklyReviewEmail,
        timezone: saved.timezone,
      });
    } catch (error) {
      // The toast is the hook's meta; a 422 also marks its fields.
      applyServerFieldErrors(form.setError, error, ['reminderHour', 'timezone']);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock aria-hidden className="size-5 text-accent-text" />
          {msg.common.notifications}
        </CardTitle>
        <CardDescription>{msg.notificationSettings.aDailyNudgeAtThe}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={msg.common.notifications}
          className="flex flex-col gap-4"
        >
          <ReminderAndZone
            form={form}
            idPrefix={id}
            busy={busy}
            zones={zones}
            settings={settings}
          />
          <NudgeSwitches form={form} idPrefix={id} busy={busy} />
          {pushMissingHere && <PushMissingHere onTurnedOn={() => setPushMissingHere(false)} />}
          <div>
            <Button type="submit" disabled={busy || !isDirty}>
              {msg.notificationSettings.saveSettings}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type SettingsFormState = UseFormReturn<SettingsInput, unknown, SettingsData>;

/** Reminder time and time zone, side by side; a zone change waiting for tomorrow says so. */
function ReminderAndZone({
  form,
  idPrefix: id,
  busy,
  zones,
  settings,
}: {
  form: SettingsFormState;
  idPrefix: string;
  busy: boolean;
  zones: string[];
  settings: SettingsView;
}) {
  const { errors } = form.formState;
  const hourId = `${id}-hour`;
  const zoneId = `${id}-zone`;
  const pendingId = `${id}-pending`;
  const pending = settings.timezone !== settings.timezoneInEffect;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        <Label htmlFor={hourId}>{msg.notificationSettings.reminderTime}</Label>
        <NativeSelect
          id={hourId}
          disabled={busy}
          aria-invalid={errors.reminderHour ? true : undefined}
          aria-describedby={describedBy(errors.reminderHour && `${hourId}-error`)}
          {...form.register('reminderHour')}
        >
          {REMINDER_HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {reminderHourLabel(hour)}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={`${hourId}-error`} tone="error">
          {errors.reminderHour?.message}
        </FieldMessage>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={zoneId}>{msg.common.timeZone}</Label>
        <NativeSelect
          id={zoneId}
          disabled={busy}
          aria-invalid={errors.timezone ? true : undefined}
          aria-describedby={describedBy(
            `${zoneId}-help`,
            errors.timezone && `${zoneId}-error`,
            pending && pendingId,
          )}
          {...form.register('timezone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </NativeSelect>
        <FieldMessage id={`${zoneId}-help`}>{msg.timeZoneHelp}</FieldMessage>
        <FieldMessage id={`${zoneId}-error`} tone="error">
          {errors.timezone?.message}
        </FieldMessage>
        {pending && (
          <FieldMessage id={pendingId}>
            {msg.timeZonePending(zoneLabel(settings.timezone))}
          </FieldMessage>
        )}
      </div>
    </div>
  );
}

/** E-mail nudges, push nudges (asking this browser on the tap) and the weekly review e-mail. */
function NudgeSwitches({
  form,
  idPrefix: id,
  busy,
}: {
  form: SettingsFormState;
  idPrefix: string;
  busy: boolean;
}) {
  return (
    <>
      {(
        [
          ['emailNudges', 'Email nudges'],
          ['pushNudges', 'Push nudges'],
          ['weeklyReviewEmail', 'Weekly review e-mail'],
        ] as const
      ).map(([name, label]) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <div className="flex min-h-11 items-center justify-between gap-4">
              <Label htmlFor={`${id}-${name}`} className="font-medium">
                {label}
              </Label>
              <Switch
                id={`${id}-${name}`}
                checked={Boolean(field.value)}
                onCheckedChange={async (checked) => {
                  // Push needs this browser's permission and subscription: asked on the tap.
                  if (name === 'pushNudges' && checked) {
                    const problem = await enablePushOnThisDevice();
                    if (problem) {
                      toast.error(problem);
                      return;
                    }
                  }
                  if (name === 'pushNudges' && !checked) void disablePushOnThisDevice();
                  field.onChange(checked);
                }}
                disabled={busy}
              />
            </div>
          )}
        />
      ))}
    </>
  );
}

function PushMissingHere({ onTurnedOn }: { onTurnedOn: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 text-sm">
      <p>{msg.pushNotOnThisDevice}</p>
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={async () => {
            const problem = await enablePushOnThisDevice();
            if (problem) toast.error(problem);
            else onTurnedOn();
          }}
        >
          {msg.turnOnPushHere}
        </Button>
      </div>
    </div>
  );
}
