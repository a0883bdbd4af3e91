import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { ProfileView } from '@shared/api-types';
import {
  COUNTRY_MAX,
  DISPLAY_NAME_MAX,
  PERSON_NAME_MAX,
  PROFILE_TIMEZONES,
} from '@shared/constants';
import { profileSchema, type ProfileData, type ProfileInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage, fieldError } from '@client/lib/api-client';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { useUpdateProfile } from '../api/update-profile';

const FIELDS = [
  'displayName',
  'firstName',
  'lastName',
  'country',
  'homeTimezone',
  'unitPref',
] as const;
type Field = (typeof FIELDS)[number];

/** The public profile: display name (required), names, country, home time zone and units. */
export function ProfileForm({ profile }: { profile: ProfileView }) {
  const id = useId();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileData>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      displayName: profile.displayName,
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      country: profile.country ?? '',
      homeTimezone: profile.homeTimezone,
      unitPref: profile.unitPref,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const busy = update.isPending || isSubmitting;
  // A zone from before the list existed stays choosable, so saving other fields keeps it.
  const zones = PROFILE_TIMEZONES.some((zone) => zone.value === profile.homeTimezone)
    ? PROFILE_TIMEZONES
    : [...PROFILE_TIMEZONES, { value: profile.homeTimezone, label: profile.homeTimezone }];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync(input);
      form.reset({
        displayName: saved.displayName,
        firstName: saved.firstName ?? '',
        lastName: saved.lastName ?? '',
        country: saved.country ?? '',
        homeTimezone: saved.homeTimezone,
        unitPref: saved.unitPref,
      });
      toast.success(msg.profileUpdated);
    } catch (error) {
      toast.error(errorMessage(error, msg.errorUpdatingProfile));
      for (const name of FIELDS) {
        const message = fieldError(error, name);
        if (message) form.setError(name, { message }, { shouldFocus: true });
      }
    }
  });

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
    invalid: errors[name] ? true : undefined,
  });
  const text = (
    name: Exclude<Field, 'homeTimezone' | 'unitPref'>,
    label: string,
    max: number,
    extra?: object,
  ) => {
    const f = field(name);
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={f.id}>{label}</Label>
        <Input
          id={f.id}
          maxLength={max}
          disabled={busy}
          aria-invalid={f.invalid}
          aria-describedby={describedBy(f.error && f.errorId)}
          {...extra}
          {...form.register(name)}
        />
        <FieldMessage id={f.errorId} tone="error">
          {f.error}
        </FieldMessage>
      </div>
    );
  };
  const zone = field('homeTimezone');
  const units = field('unitPref');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Public profile</CardTitle>
        <CardDescription>
          Your display name shows on your posts and the leaderboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Public profile"
          className="flex flex-col gap-4"
        >
          {text('displayName', 'Display name', DISPLAY_NAME_MAX, {
            autoComplete: 'nickname',
            'aria-required': true,
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('firstName', 'First name', PERSON_NAME_MAX, { autoComplete: 'given-name' })}
            {text('lastName', 'Last name', PERSON_NAME_MAX, { autoComplete: 'family-name' })}
          </div>
          {text('country', 'Country', COUNTRY_MAX, { autoComplete: 'country-name' })}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={zone.id}>Home time zone</Label>
              <NativeSelect
                id={zone.id}
                disabled={busy}
                aria-invalid={zone.invalid}
                aria-describedby={describedBy(zone.error && zone.errorId)}
                {...form.register('homeTimezone')}
              >
                {zones.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
              <FieldMessage id={zone.errorId} tone="error">
                {zone.error}
              </FieldMessage>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={units.id}>Units</Label>
              <NativeSelect
                id={units.id}
                disabled={busy}
                aria-invalid={units.invalid}
                aria-describedby={describedBy(units.error && units.errorId)}
                {...form.register('unitPref')}
              >
                <option value="imperial">Imperial (ft, in, lb)</option>
                <option value="metric">Metric (cm, kg)</option>
              </NativeSelect>
              <FieldMessage id={units.errorId} tone="error">
                {units.error}
              </FieldMessage>
            </div>
          </div>
          <div>
            <Button type="submit" disabled={busy || !isDirty}>
              Save profile
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
