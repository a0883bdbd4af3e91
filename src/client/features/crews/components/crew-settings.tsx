import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Copy, Link2 } from 'lucide-react';
import type { CrewDetail } from '@shared/api-types';
import { crewNameSchema } from '@shared/domain/schemas';
import { formatShortDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { shownByMeta } from '@client/lib/query-client';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmButton } from '@client/components/ui/confirm-button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useCloseCrew } from '../api/close-crew';
import { useNewInviteLink } from '../api/new-invite-link';
import { useRenameCrew } from '../api/rename-crew';
import { useRevokeInviteLink } from '../api/revoke-invite-link';
import { CrewNameField } from './crew-name-field';
import { pagePath } from '@shared/pages';

/** The owner's crew settings: the invite link, the crew's name, and closing the crew. */
export function OwnerPanel({ detail }: { detail: CrewDetail }) {
  const id = useId();
  return (
    <section aria-labelledby="crew-settings" className="flex flex-col gap-3">
      <h2 id="crew-settings" className="text-xl font-bold">
        {msg.crewSettings.crewSettings}
      </h2>
      <Card className="flex flex-col gap-5 p-4 sm:p-5">
        <InviteLinkSettings id={id} detail={detail} />
        <RenameCrewForm id={id} detail={detail} />
        <CloseCrew detail={detail} />
      </Card>
    </section>
  );
}

/** The crew's invite link: copy it, make a new one (the old one stops) or turn it off. */
function InviteLinkSettings({ id, detail }: { id: string; detail: CrewDetail }) {
  const crewId = detail.crew.id;
  const newLink = useNewInviteLink(crewId);
  const revoke = useRevokeInviteLink(crewId);
  const timeZone = useMemberTimeZone();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(msg.crewInviteCopied);
    } catch {
      toast.info(url);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{msg.crewSettings.inviteLink}</h3>
      <p className="text-sm text-muted-foreground">{msg.crewSettings.anyoneWithTheLinkCan}</p>
      {detail.invite ? (
        <>
          <Label htmlFor={`${id}-link`}>{msg.common.link}</Label>
          <Input
            id={`${id}-link`}
            readOnly
            value={detail.invite.url}
            onFocus={(e) => e.target.select()}
          />
          <p className="text-sm text-muted-foreground">
            {msg.crewSettings.worksUntil(formatShortDateTime(detail.invite.expiresAt, timeZone))}
          </p>
        </>
      ) : (
        <p className="text-sm">{msg.crewSettings.noLiveLink}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {detail.invite && (
          <Button type="button" variant="secondary" onClick={() => void copy(detail.invite!.url)}>
            <Copy aria-hidden className="size-4" />
            {msg.crewSettings.copyLink}
          </Button>
        )}
        <Button type="button" onClick={() => newLink.mutate()} disabled={newLink.isPending}>
          <Link2 aria-hidden className="size-4" />
          {detail.invite ? msg.crewSettings.makeANewLink : msg.crewSettings.makeAnInviteLink}
        </Button>
        {detail.invite && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => revoke.mutate()}
            disabled={revoke.isPending}
          >
            {msg.crewSettings.turnTheLinkOff}
          </Button>
        )}
      </div>
    </div>
  );
}

/** The crew's name, checked with the same rule as the server's. */
function RenameCrewForm({ id, detail }: { id: string; detail: CrewDetail }) {
  const rename = useRenameCrew(detail.crew.id);
  const [name, setName] = useState(detail.crew.name);
  const [error, setError] = useState<string | undefined>();

  const onRename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crewNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate(parsed.data, {
      onError: (err) => setError(errorMessage(err, msg.unexpectedError)),
    });
  };

  return (
    <form method="post" onSubmit={onRename} noValidate className="flex flex-col gap-2">
      <CrewNameField id={id} name={name} onChange={setName} error={error} />
      <Button type="submit" variant="secondary" disabled={rename.isPending} className="self-start">
        {msg.crewSettings.rename}
      </Button>
    </form>
  );
}

/** Close crew: everyone leaves it, after a confirmation. */
function CloseCrew({ detail }: { detail: CrewDetail }) {
  const navigate = useNavigate();
  const close = useCloseCrew(detail.crew.id);
  const onClose = () =>
    close
      .mutateAsync()
      .then(() => navigate(pagePath('app-crews')))
      .catch(shownByMeta);

  return (
    <div>
      <ConfirmButton
        type="button"
        variant="danger"
        disabled={close.isPending}
        title={msg.crewCloseTitle(detail.crew.name)}
        description={msg.crewCloseConfirm}
        confirmLabel={msg.crewClose}
        onConfirm={onClose}
      >
        {msg.crewClose}
      </ConfirmButton>
    </div>
  );
}
