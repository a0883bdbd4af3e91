import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '@shared/constants';
import { apiTokenCreateSchema, type ApiTokenCreateInput } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useCreateApiToken } from '../api/create-api-token';

// What each scope lets a token do (its name, the hint, is what the API reference calls it).
const SCOPE_LABELS: Record<ApiTokenScope, { label: () => string; hint: string }> = {
  'activity:write': {
    label: () => msg.newConnectionForm.scopeActivityWrite,
    hint: 'activity:write',
  },
  read: { label: () => msg.newConnectionForm.scopeRead, hint: 'read' },
};

/**
 * The "New connection" form: a token's name and what it may do. `id` prefixes the form's element ids;
 * `onCreated` receives the new token, shown once.
 */
export function NewConnectionForm({
  id,
  full,
  onCreated,
}: {
  id: string;
  /** The member has as many tokens as allowed. */
  full: boolean;
  onCreated: (token: string) => void;
}) {
  const create = useCreateApiToken();
  const form = useForm<ApiTokenCreateInput>({
    resolver: zodResolver(apiTokenCreateSchema),
    defaultValues: { name: '', scopes: ['activity:write'] },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    const made = await create.mutateAsync(input).catch(shownByMeta);
    if (!made) return;
    onCreated(made.token);
    form.reset({ name: '', scopes: ['activity:write'] });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-new`}
      className="flex flex-col gap-4"
    >
      <h3 id={`${id}-new`} className="text-sm font-semibold">
        {msg.newConnectionForm.newConnection}
      </h3>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>{msg.common.name}</Label>
        <Input
          id={`${id}-name`}
          placeholder={msg.newConnectionForm.iphoneShortcut}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(errors.name && `${id}-name-error`)}
          {...form.register('name')}
        />
        <FieldMessage id={`${id}-name-error`} tone="error">
          {errors.name?.message}
        </FieldMessage>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{msg.newConnectionForm.itMay}</legend>
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <ScopeChoices id={id} scopes={field.value} onChange={field.onChange} />
          )}
        />
        <FieldMessage id={`${id}-scopes-error`} tone="error">
          {errors.scopes?.message}
        </FieldMessage>
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending || full}>
        {create.isPending ? (
          <Loader2 aria-hidden className="size-4 animate-spin" />
        ) : (
          <KeyRound aria-hidden className="size-4" />
        )}
        {msg.newConnectionForm.createToken}
      </Button>
      {full && <p className="text-sm text-muted-foreground">{msg.apiTokenLimit}</p>}
    </form>
  );
}

/** One checkbox per scope a token may have. */
function ScopeChoices({
  id,
  scopes,
  onChange,
}: {
  id: string;
  scopes: ApiTokenScope[] | undefined;
  onChange: (scopes: ApiTokenScope[]) => void;
}) {
  return (
    <>
      {API_TOKEN_SCOPES.map((scope) => {
        const checked = scopes?.includes(scope) ?? false;
        return (
          <label
            key={scope}
            htmlFor={`${id}-${scope}`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 py-2"
          >
            <Checkbox
              id={`${id}-${scope}`}
              checked={checked}
              onCheckedChange={(on) =>
                onChange(
                  on === true
                    ? [...(scopes ?? []), scope]
                    : (scopes ?? []).filter((s) => s !== scope),
                )
              }
            />
            <span className="flex flex-col text-sm">
              <span className="font-medium">{SCOPE_LABELS[scope].label()}</span>
              <span className="font-mono text-xs text-muted-foreground">
                {SCOPE_LABELS[scope].hint}
              </span>
            </span>
          </label>
        );
      })}
    </>
  );
}
