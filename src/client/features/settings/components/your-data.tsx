import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Loader2, Trash2 } from 'lucide-react';
import { ACCOUNT_DELETE_CONFIRMATION } from '@shared/constants';
import {
  deleteAccountSchema,
  type DeleteAccountData,
  type DeleteAccountInput,
} from '@shared/domain/profile-schemas';
import { msg } from '@shared/messages';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { FieldMessage, describedBy } from '@client/components/ui/field-message';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/export-data';

/** 'Download my data' and 'Delete my account'. */
export function YourData() {
  const download = useDownloadMyData();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{msg.yourData.yourData}</CardTitle>
        <CardDescription>{msg.downloadMyDataHint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="secondary"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Download aria-hidden className="size-4" />
          )}
          {msg.downloadMyData}
        </Button>
        <DeleteAccountDialog />
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="danger">
          <Trash2 aria-hidden className="size-4" />
          {msg.deleteMyAccount}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{msg.deleteMyAccount}</DialogTitle>
        <DialogDescription>{msg.deleteAccountWarning}</DialogDescription>
        {open && <DeleteAccountForm mutation={remove} onCancel={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountForm({
  mutation,
  onCancel,
}: {
  mutation: ReturnType<typeof useDeleteAccount>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<DeleteAccountInput, unknown, DeleteAccountData>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { confirmation: '' },
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' }) ?? '';
  const error = form.formState.errors.confirmation?.message;
  const busy = mutation.isPending || form.formState.isSubmitting;

  // Deleted, the session is gone: the guard around the member area now sends the browser home.
  const onSubmit = form.handleSubmit(async (input) => {
    await mutation.mutateAsync(input).catch(shownByMeta);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-confirm`}>{msg.deleteAccountTypeToConfirm}</Label>
        <Input
          id={`${id}-confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          {...form.register('confirmation')}
        />
        <FieldMessage id={`${id}-error`} tone="error">
          {error}
        </FieldMessage>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          {msg.common.cancel}
        </Button>
        <Button
          type="submit"
          variant="danger"
          disabled={busy || typed.trim() !== ACCOUNT_DELETE_CONFIRMATION}
        >
          {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
          {msg.deleteMyAccount}
        </Button>
      </div>
    </form>
  );
}
