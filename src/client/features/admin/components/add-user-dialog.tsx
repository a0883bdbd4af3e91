import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { COMP_OPTIONS, DEFAULT_COMP, DEFAULT_ROLE, DEFAULT_SEND_INVITE } from '@shared/constants';
import {
  adminCreateUserSchema,
  type AdminCreateUserData,
  type AdminCreateUserInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { applyServerFieldErrors } from '@client/lib/form-errors';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
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
import { NativeSelect } from '@client/components/ui/native-select';
import { useCreateUser } from '../api/create-user';

const empty: AdminCreateUserInput = {
  email: '',
  firstName: '',
  lastName: '',
  displayName: '',
  role: DEFAULT_ROLE,
  comp: DEFAULT_COMP,
  sendInvite: DEFAULT_SEND_INVITE,
};

/** Role and comp side by side: what the new member may do, and any free time they start with. */
function RoleAndCompFields({
  id,
  register,
}: {
  id: string;
  register: UseFormRegister<AdminCreateUserInput>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-role`}>{msg.common.role}</Label>
        <NativeSelect id={`${id}-role`} {...register('role')}>
          <option value="user">{msg.userRole}</option>
          <option value="admin">{msg.adminRole}</option>
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-comp`}>{msg.common.comp}</Label>
        <NativeSelect id={`${id}-comp`} {...register('comp')}>
          {COMP_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {msg.options.compLabel(option.value)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** Add User: e-mail (required), names, role, comp, and the invitation e-mail (on by default). */
export function AddUserDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const create = useCreateUser();
  const form = useForm<AdminCreateUserInput, unknown, AdminCreateUserData>({
    resolver: zodResolver(adminCreateUserSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      form.reset(empty);
      setOpen(false);
    } catch (error) {
      // The toast is the mutation's meta; a 422 also shows under its fields.
      applyServerFieldErrors(form.setError, error, ['email']);
    }
  });
  const field = (name: 'email' | 'firstName' | 'lastName' | 'displayName', label: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete="off"
        aria-invalid={Boolean(errors[name])}
        aria-describedby={describedBy(errors[name] && `${id}-${name}-error`)}
        {...form.register(name)}
      />
      <FieldMessage id={`${id}-${name}-error`} tone="error">
        {errors[name]?.message}
      </FieldMessage>
    </div>
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden className="size-4" />
          {msg.addUser}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{msg.addUser}</DialogTitle>
        <DialogDescription>{msg.adminAddUserDialog.theyGetAnEMail}</DialogDescription>
        <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
          {field('email', 'Email')}
          <div className="grid gap-3 sm:grid-cols-2">
            {field('firstName', 'First name')}
            {field('lastName', 'Last name')}
          </div>
          {field('displayName', 'Display name')}
          <RoleAndCompFields id={id} register={form.register} />
          <div className="flex items-center gap-2">
            <Controller
              control={form.control}
              name="sendInvite"
              render={({ field: invite }) => (
                <Checkbox
                  id={`${id}-invite`}
                  checked={invite.value === true || invite.value === 'true'}
                  onCheckedChange={(checked) => invite.onChange(checked === true)}
                />
              )}
            />
            <Label htmlFor={`${id}-invite`}>{msg.common.sendInvite}</Label>
          </div>
          <Button type="submit" disabled={!email?.trim() || isSubmitting || create.isPending}>
            {msg.common.create}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
