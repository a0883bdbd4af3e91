import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProfileView } from '@shared/api-types';
import { Link } from 'react-router';
import { COUNTRY_MAX, DISPLAY_NAME_MAX, PERSON_NAME_MAX } from '@shared/constants';
import { formatTimeZone } from '@shared/format';
import { profileSchema, type ProfileData, type ProfileInput } from '@shared/domain/schemas';
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
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { useUpdateProfile } from '../api/update-profile';
import { pagePath } from '@shared/pages';
import { LOCALE_NAMES, LOCALES } from '@shared/i18n/locales';
import { currentLocale } from '@shared/i18n/translate';
import { rememberPageLocale } from '@client/render/page-locale';

const FIELDS = ['displayName', 'firstName', 'lastName', 'country', 'unitPref', 'language'] as const;
type Field = (typeof FIELDS)[number];

/** A field's input id, its error message's id, the message and aria-invalid. */
interface ProfileField {
  id: string;
  errorId: string;
  error: string | undefined;
  invalid: true | undefined;
}

/** The form's values for a saved profile (the text fields never hold null). */
function profileFormValues(profile: ProfileView): ProfileInput {
  return {
    displayName: profile.displayName,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    country: profile.country ?? '',
    unitPref: profile.unitPref,
    // A member who never chose reads the page's language (set at sign-up from the browser).
    language: profile.language ?? currentLocale(),
  };
}

/**
 * The public profile: display name (required), names, country and units. The member's time zone is
 * shown here and chosen in one place, Settings (decision 0033).
 */
/** The form and its save: a 422 shows under its fields; another language reloads the app in it. */
function useProfileForm(profile: ProfileView) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileData>({
    resolver: zodResolver(profileSchema),
    defaultValues: profileFormValues(profile),
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync(input);
      // The whole app, its served screens and its catalogue, loads again in the new language.
      if (saved.language && saved.language !== currentLocale()) {
        // With the service worker installed, the reload is its app shell, which speaks the language
        // remembered on this device (decision 0120): without this, it came back in the old one.
        rememberPageLocale(saved.language);
        window.location.reload();
        return;
      }
      form.reset(profileFormValues(saved));
    } catch (error) {
      // The toast is the mutation's meta; a 422 also shows under its fields.
      applyServerFieldErrors(form.setError, error, FIELDS);
    }
  });
  return { form, onSubmit, busy: update.isPending || form.formState.isSubmitting };
}

export function ProfileForm({ profile }: { profile: ProfileView }) {
  const id = useId();
  const { form, onSubmit, busy } = useProfileForm(profile);
  const { errors, isDirty } = form.formState;

  const field = (name: Field): ProfileField => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    error: errors[name]?.message,
    invalid: errors[name] ? true : undefined,
  });
  const text = (
    name: Exclude<Field, 'unitPref' | 'language'>,
    label: string,
    max: number,
    extra?: object,
  ) => (
    <ProfileTextField
      field={field(name)}
      label={label}
      max={max}
      busy={busy}
      extra={extra}
      registration={form.register(name)}
    />
  );
  const units = field('unitPref');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{msg.profileForm.publicProfile}</CardTitle>
        <CardDescription>{msg.profileForm.displayNameShows}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={msg.profileForm.publicProfile}
          className="flex flex-col gap-4"
        >
          {text('displayName', msg.common.displayName, DISPLAY_NAME_MAX, {
            autoComplete: 'nickname',
            'aria-required': true,
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('firstName', msg.profileForm.firstName, PERSON_NAME_MAX, {
              autoComplete: 'given-name',
            })}
            {text('lastName', msg.profileForm.lastName, PERSON_NAME_MAX, {
              autoComplete: 'family-name',
            })}
          </div>
          {text('country', msg.profileForm.country, COUNTRY_MAX, { autoComplete: 'country-name' })}
          <div className="grid gap-4 sm:grid-cols-2">
            <TimeZoneNote />
            <UnitsField field={units} busy={busy} registration={form.register('unitPref')} />
          </div>
          <LanguageField
            field={field('language')}
            busy={busy}
            registration={form.register('language')}
          />
          <div>
            <Button type="submit" disabled={busy || !isDirty}>
              {msg.profileForm.saveProfile}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ProfileTextField({
  field: f,
  label,
  max,
  busy,
  extra,
  registration,
}: {
  field: ProfileField;
  label: string;
  max: number;
  busy: boolean;
  /** More attributes for the input (autocomplete, aria-required). */
  extra?: object;
  registration: UseFormRegisterReturn;
}) {
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
        {...registration}
      />
      <FieldMessage id={f.errorId} tone="error">
        {f.error}
      </FieldMessage>
    </div>
  );
}

/** The member's time zone, shown here and changed in Settings (decision 0033). */
function TimeZoneNote() {
  const timeZone = useMemberTimeZone();
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{msg.common.timeZone}</span>
      <p className="text-sm">
        <span className="font-semibold">{timeZone ? formatTimeZone(timeZone) : '…'}</span>
        <span className="block text-muted-foreground">
          {msg.timeZoneCountsDay}{' '}
          <Link
            to={pagePath('app-profile', { search: { tab: 'settings' } })}
            className="font-medium text-accent-text underline underline-offset-4"
          >
            {msg.changeTimeZoneInSettings}
          </Link>
        </span>
      </p>
    </div>
  );
}

function UnitsField({
  field: units,
  busy,
  registration,
}: {
  field: ProfileField;
  busy: boolean;
  registration: UseFormRegisterReturn<'unitPref'>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={units.id}>{msg.profileForm.units}</Label>
      <NativeSelect
        id={units.id}
        disabled={busy}
        aria-invalid={units.invalid}
        aria-describedby={describedBy(units.error && units.errorId)}
        {...registration}
      >
        <option value="imperial">{msg.profileForm.imperial}</option>
        <option value="metric">{msg.profileForm.metric}</option>
      </NativeSelect>
      <FieldMessage id={units.errorId} tone="error">
        {units.error}
      </FieldMessage>
    </div>
  );
}

/** The member's language (issue 47): each named in itself; saving another reloads the app in it. */
function LanguageField({
  field: language,
  busy,
  registration,
}: {
  field: ProfileField;
  busy: boolean;
  registration: UseFormRegisterReturn<'language'>;
}) {
  const hintId = `${language.id}-hint`;
  return (
    <div className="flex flex-col gap-2 sm:max-w-xs">
      <Label htmlFor={language.id}>{msg.languageLabel}</Label>
      <NativeSelect
        id={language.id}
        disabled={busy}
        aria-invalid={language.invalid}
        aria-describedby={describedBy(hintId, language.error && language.errorId)}
        {...registration}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </NativeSelect>
      <p id={hintId} className="text-sm text-muted-foreground">
        {msg.languageHint}
      </p>
      <FieldMessage id={language.errorId} tone="error">
        {language.error}
      </FieldMessage>
    </div>
  );
}
