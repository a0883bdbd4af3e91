import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ChevronRight, Users } from 'lucide-react';
import { CREW_MAX_MEMBERS } from '@shared/constants';
import { crewNameSchema } from '@shared/domain/schemas';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { ScreenHeading } from '@client/components/layout/screen-heading';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useMyCrews } from '@client/lib/api/get-my-crews';
import { useCreateCrew } from '../api/create-crew';
import { CrewNameField } from './crew-name-field';
import { pagePath } from '@shared/pages';

/** /app/crews: the member's crews and a form to start one. */
export function CrewsScreen() {
  const crews = useMyCrews();
  const list = crews.data?.crews ?? [];
  const max = crews.data?.maxCrews ?? 5;
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading description={msg.crewsScreen.lead}>{msg.crews}</ScreenHeading>
      {crews.isPending ? (
        <Spinner label={msg.loading} />
      ) : crews.isError ? (
        <Card className="p-6 font-semibold">{errorMessage(crews.error, msg.unexpectedError)}</Card>
      ) : (
        <section aria-labelledby="your-crews" className="flex flex-col gap-3">
          <h2 id="your-crews" className="text-xl font-bold">
            {msg.common.yourCrews}
          </h2>
          {list.length === 0 ? (
            <Card className="p-6 text-muted-foreground">{msg.crewsScreen.noCrewYetStartOne}</Card>
          ) : (
            <ul className="flex flex-col gap-3">
              {list.map((crew) => (
                <li key={crew.id}>
                  <Link
                    to={pagePath('app-crew', { crewId: crew.id })}
                    className="flex items-center gap-4 rounded-2xl border border-border bg-card p-4 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-muted">
                      <Users aria-hidden className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-bold">{crew.name}</span>
                      <span className="block text-sm text-muted-foreground">
                        {crew.isOwner
                          ? msg.crewsScreen.youOwnIt
                          : msg.crewsScreen.ownerName(crew.ownerName)}{' '}
                        ·{' '}
                        <span className="tabular">
                          {msg.crewsScreen.membersOf(crew.memberCount, CREW_MAX_MEMBERS)}
                        </span>
                      </span>
                    </span>
                    <ChevronRight aria-hidden className="size-5 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {list.length < max ? (
            <CreateCrewForm />
          ) : (
            <p className="text-sm text-muted-foreground">{msg.crewTooManyCrews}</p>
          )}
        </section>
      )}
    </div>
  );
}

function CreateCrewForm() {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateCrew();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = crewNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(parsed.data, {
      onSuccess: (crew) => {
        toast.success(msg.crewCreated(crew.name));
        void navigate(pagePath('app-crew', { crewId: crew.id }));
      },
      onError: (err) => setError(errorMessage(err, msg.unexpectedError)),
    });
  };
  return (
    <Card className="p-4 sm:p-5">
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <h2 className="text-lg font-bold">{msg.crewsScreen.startACrew}</h2>
        <CrewNameField
          id={id}
          name={name}
          onChange={setName}
          error={error}
          placeholder={msg.crewsScreen.eGMorningCrew}
          className="sm:max-w-md"
        />
        <Button type="submit" disabled={create.isPending} className="self-start">
          {create.isPending ? msg.loading : msg.crewsScreen.createCrew}
        </Button>
      </form>
    </Card>
  );
}
