import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminBadgeView } from '@shared/api-types';
import { GENERIC_BADGE_EMOJI, KNOWN_BADGES } from '@shared/constants';
import {
  awardBadgeSchema,
  badgeSchema,
  type AwardBadgeData,
  type AwardBadgeInput,
  type BadgeData,
  type BadgeInput,
} from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
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
import { Textarea } from '@client/components/ui/textarea';
import { useAdminMembers } from '../api/get-members';
import { useAdminBadges } from '../api/get-badges';
import { useAwardBadge } from '../api/award-badge';
import { useDeleteBadge } from '../api/delete-badge';
import { useSaveBadge } from '../api/save-badge';
import { useUploadBadgeImage } from '../api/upload-badge-image';
import { AdminTable, Cell, ListState } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { MemberPicker } from './member-picker';
import { shownByMeta } from '@client/lib/query-client';

const emojiFor = (code: string) =>
  code in KNOWN_BADGES
    ? KNOWN_BADGES[code as keyof typeof KNOWN_BADGES].emoji
    : GENERIC_BADGE_EMOJI;

function BadgeIcon({ badge }: { badge: AdminBadgeView }) {
  return badge.imageUrl ? (
    <img src={badge.imageUrl} alt="" className="size-10 rounded-lg object-contain" />
  ) : (
    <span aria-hidden className="text-3xl">
      {emojiFor(badge.code)}
    </span>
  );
}

/** Edit Badge: the current image (or default emoji) and an upload that replaces it. */
function BadgeImageField({ badge }: { badge: AdminBadgeView }) {
  const id = useId();
  const upload = useUploadBadgeImage();
  return (
    <div className="flex items-center gap-3">
      <BadgeIcon badge={badge} />
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`${id}-image`}>{msg.adminBadgesScreen.badgeImage}</Label>
        <Input
          id={`${id}-image`}
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          aria-describedby={`${id}-image-hint`}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            await upload.mutateAsync({ id: badge.id, file }).catch(shownByMeta);
          }}
        />
        <DialogDescription id={`${id}-image-hint`} className="text-sm">
          {msg.recommendedBadgeSize}. {msg.badgeImageHint}
        </DialogDescription>
      </div>
    </div>
  );
}

/** Create Badge and Edit Badge: name, code and description. */
function BadgeDialog({ badge }: { badge?: AdminBadgeView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const save = useSaveBadge(Boolean(badge));
  const form = useForm<BadgeInput, unknown, BadgeData>({
    resolver: zodResolver(badgeSchema),
    values: badge
      ? { name: badge.name, code: badge.code, description: badge.description ?? '' }
      : { name: '', code: '', description: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await save.mutateAsync({ id: badge?.id, form: data });
      setOpen(false);
      if (!badge) form.reset();
    } catch {
      // Shown by the mutation's meta; the dialog stays open with what was typed.
    }
  });
  const err = (name: keyof BadgeInput) => errors[name]?.message;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {badge ? (
          <Button size="sm" variant="secondary">
            {msg.edit}
          </Button>
        ) : (
          <Button>{msg.createBadge}</Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{badge ? msg.editBadge : msg.createBadge}</DialogTitle>
        {badge && <BadgeImageField badge={badge} />}
        <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
          {(['name', 'code'] as const).map((name) => (
            <div key={name} className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-${name}`}>
                {name === 'name' ? msg.common.name : msg.common.code}
              </Label>
              <Input
                id={`${id}-${name}`}
                autoComplete="off"
                aria-invalid={Boolean(err(name))}
                aria-describedby={describedBy(err(name) && `${id}-${name}-error`)}
                {...form.register(name)}
              />
              <FieldMessage id={`${id}-${name}-error`} tone="error">
                {err(name)}
              </FieldMessage>
            </div>
          ))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-description`}>{msg.adminBadgesScreen.description}</Label>
            <Textarea id={`${id}-description`} rows={2} {...form.register('description')} />
          </div>
          <Button type="submit" disabled={isSubmitting || save.isPending}>
            {badge ? msg.common.save : msg.common.create}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Award Badge: a member picked by name, a badge, and an optional reason. */
function AwardDialog({ badges }: { badges: AdminBadgeView[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const members = useAdminMembers(search.trim());
  const award = useAwardBadge();
  const form = useForm<AwardBadgeInput, unknown, AwardBadgeData>({
    resolver: zodResolver(awardBadgeSchema),
    defaultValues: { badgeId: '', userId: '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (data) => {
    const result = await award.mutateAsync(data).catch(shownByMeta);
    if (!result) return;
    if (result.awarded) toast.success(msg.badgeAwarded);
    else toast.info(msg.badgeAlreadyHeld(result.memberName, result.badgeName));
    form.reset();
    setOpen(false);
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">{msg.awardBadge}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{msg.awardBadge}</DialogTitle>
        <form className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
          <MemberPicker
            id={id}
            search={search}
            onSearchChange={setSearch}
            members={members.data?.members ?? []}
            error={errors.userId?.message}
            registration={form.register('userId')}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-badge`}>{msg.adminBadgesScreen.badge}</Label>
            <NativeSelect
              id={`${id}-badge`}
              aria-invalid={Boolean(errors.badgeId)}
              aria-describedby={describedBy(errors.badgeId && `${id}-badge-error`)}
              {...form.register('badgeId')}
            >
              <option value="">{msg.adminBadgesScreen.chooseABadge}</option>
              {badges.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {emojiFor(b.code)} {b.name}
                </option>
              ))}
            </NativeSelect>
            <FieldMessage id={`${id}-badge-error`} tone="error">
              {errors.badgeId?.message}
            </FieldMessage>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-reason`}>{msg.adminBadgesScreen.reasonOptional}</Label>
            <Input id={`${id}-reason`} {...form.register('reason')} />
          </div>
          <Button type="submit" disabled={isSubmitting || award.isPending}>
            {msg.awardBadge}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function BadgesScreen() {
  const badges = useAdminBadges();
  const remove = useDeleteBadge();
  const rows = badges.data?.badges ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <BadgeDialog />
        <AwardDialog badges={rows} />
      </div>
      <ListState
        isLoading={badges.isLoading}
        error={badges.error}
        empty={rows.length === 0}
        errorText={msg.fetchBadgesFailed}
        emptyText={msg.noBadgesFound}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminBadgesScreen.badges}
          columns={['', 'Name', 'Code', 'Description', 'Actions']}
        >
          {rows.map((badge) => (
            <tr key={badge.id}>
              <Cell label={msg.adminBadgesScreen.icon}>
                <BadgeIcon badge={badge} />
              </Cell>
              <Cell label={msg.common.name} className="font-semibold">
                {badge.name}
              </Cell>
              <Cell label={msg.common.code} className="font-mono text-xs">
                {badge.code}
              </Cell>
              <Cell
                label={msg.adminBadgesScreen.description}
                className="max-w-xs text-muted-foreground"
              >
                {badge.description}
              </Cell>
              <Cell label={msg.common.actions}>
                <div className="flex flex-wrap gap-1">
                  <BadgeDialog badge={badge} />
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    title={msg.adminBadgesScreen.deleteBadge}
                    description={msg.deleteBadgeConfirm(badge.name)}
                    confirmLabel={msg.common.delete}
                    onConfirm={async () => {
                      await remove.mutateAsync(badge.id).catch(shownByMeta);
                    }}
                  >
                    {msg.common.delete}
                  </ConfirmButton>
                </div>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
