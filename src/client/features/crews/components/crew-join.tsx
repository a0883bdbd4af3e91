import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Users } from 'lucide-react';
import type { CrewInviteCycle, CrewInvitePreview } from '@shared/api-types';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { AuthPage } from '@client/components/layout/auth-page';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useCrewInvite } from '../api/get-crew-invite';
import { useJoinCrew } from '../api/join-crew';
import { pagePath } from '@shared/pages';

/** Where a visitor who opened a crew link comes back to once signed in or signed up. */
const PENDING_JOIN_KEY = 'stackdays.crewJoin';
const JOIN_PATH = /^\/crews\/join\/[A-Za-z0-9_-]{16,64}$/;

/**
 * The crew link a visitor opened before signing in, taken once (null: none), from the member screen
 * at `pathname`. Not from Start Your Free Trial: a new member's verified code leads there first
 * (spec), and the link waits until they move on from it (started, or gone elsewhere).
 */
export function takePendingCrewJoin(pathname: string): string | null {
  if (pathname.replace(/\/$/, '') === pagePath('app-start-trial')) return null;
  try {
    const path = sessionStorage.getItem(PENDING_JOIN_KEY);
    sessionStorage.removeItem(PENDING_JOIN_KEY);
    return path && JOIN_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * /crews/join/{token}: a signed-in member sees the crew's name, owner and member count and a Join
 * button; a visitor signs in or up first and is brought back here; a full, closed or dead link says so.
 */
export function CrewJoin({
  token,
  session,
}: {
  token: string;
  /** The visitor's session, from the route (the auth feature reads it). */
  session: { status: 'loading' | 'authenticating' | 'signed-in' | 'signed-out' };
}) {
  const signedIn = session.status === 'signed-in';
  const invite = useCrewInvite(token, signedIn);
  const join = useJoinCrew(token);
  const navigate = useNavigate();

  useEffect(() => {
    if (session.status !== 'signed-out') return;
    try {
      sessionStorage.setItem(PENDING_JOIN_KEY, pagePath('crew-join', { token }));
    } catch {
      // Private mode without storage: the member opens the link again after signing in.
    }
  }, [session.status, token]);

  if (
    session.status === 'loading' ||
    session.status === 'authenticating' ||
    (signedIn && invite.isPending)
  )
    return (
      <AuthPage title={msg.crewJoin.crewInvite}>
        <title>{msg.crewJoin.title}</title>
        <Spinner label={msg.loading} />
      </AuthPage>
    );

  if (!signedIn) return <SignInFirst />;

  const preview = invite.data;
  if (!preview || !preview.crew || (!preview.ok && !preview.alreadyMember))
    return (
      <AuthPage title={msg.crewJoin.thisInviteCantBeUsed}>
        <title>{msg.crewJoin.title}</title>
        <p role="alert" className="font-semibold">
          {preview?.message ?? errorMessage(invite.error, msg.crewLinkDead)}
        </p>
        {preview?.reason === 'cycle-closed' && <p>{msg.crewCycleInviteNoNext}</p>}
        <Link to={pagePath('app-crews')} className={buttonVariants({ variant: 'secondary' })}>
          {msg.crewJoin.goToYourCrews}
        </Link>
      </AuthPage>
    );

  const { crew } = preview;
  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: (joined) => {
        toast.success(msg.crewJoined(crew.name));
        void navigate(pagePath('app-crew', { crewId: joined.crewId }));
      },
    });
  return (
    <JoinCrewPage
      crew={crew}
      cycle={preview.cycle ?? null}
      alreadyMember={preview.alreadyMember}
      onJoin={onJoin}
      joining={join.isPending}
    />
  );
}

/** A visitor who is not signed in: sign in or sign up first, then back to this invite. */
function SignInFirst() {
  return (
    <AuthPage
      title={msg.crewJoin.youreInvitedToACrew}
      description={msg.crewJoin.signInOrCreateYour}
    >
      <title>{msg.crewJoin.title}</title>
      <div className="flex flex-col gap-3">
        <Link to={pagePath('signin')} className={buttonVariants({ size: 'lg' })}>
          {msg.common.signIn}
        </Link>
        <Link
          to={pagePath('signup')}
          className={buttonVariants({ variant: 'secondary', size: 'lg' })}
        >
          {msg.common.createAnAccount}
        </Link>
      </div>
    </AuthPage>
  );
}

/** The crew the link invites to, and Join (or Open it, for a member already in it). */
function JoinCrewPage({
  crew,
  cycle,
  alreadyMember,
  onJoin,
  joining,
}: {
  crew: NonNullable<CrewInvitePreview['crew']>;
  cycle: CrewInviteCycle | null;
  alreadyMember: boolean;
  onJoin: () => void;
  joining: boolean;
}) {
  return (
    <AuthPage
      title={msg.crewJoin.joinCrew(crew.name)}
      description={msg.crewJoin.doThe90DaysTogether}
    >
      <title>{msg.common.pageTitle(msg.crewJoin.joinCrew(crew.name))}</title>
      <div className="flex flex-col gap-5">
        <div className="flex items-center gap-4 rounded-2xl border border-border p-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-muted">
            <Users aria-hidden className="size-6" />
          </span>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-muted-foreground">{msg.crewJoin.crew}</dt>
            <dd className="font-bold">{crew.name}</dd>
            <dt className="text-muted-foreground">{msg.common.owner}</dt>
            <dd>{crew.ownerName ?? msg.crewJoin.nobody}</dd>
            <dt className="text-muted-foreground">{msg.common.members}</dt>
            <dd className="tabular">{crew.memberCount}</dd>
          </dl>
        </div>
        {!alreadyMember && cycle && <InviteCycle cycle={cycle} />}
        {alreadyMember ? (
          <Link
            to={pagePath('app-crew', { crewId: crew.id })}
            className={buttonVariants({ size: 'lg' })}
          >
            {msg.crewAlreadyMember} {msg.crewJoin.openIt}
          </Link>
        ) : (
          <Button type="button" size="lg" onClick={onJoin} disabled={joining}>
            {joining ? msg.loading : msg.crewJoin.join}
          </Button>
        )}
      </div>
    </AuthPage>
  );
}

/**
 * The crew's cycle as the invite shows it (issue 44): its start, or, once its joining window closed
 * after Day 3, that it closed and the next cycle a new member can start with.
 */
function InviteCycle({ cycle }: { cycle: CrewInviteCycle }) {
  if (!cycle.closed)
    return cycle.startDate ? (
      <p className="font-semibold">
        {msg.crewCycleInviteStarts(formatWeekdayDate(cycle.startDate))}
      </p>
    ) : null;
  return (
    <div className="flex flex-col gap-1 rounded-xl bg-muted p-3" role="status">
      <p className="font-semibold">{msg.crewCycleWindowClosed}</p>
      <p className="text-sm">
        {cycle.next &&
          msg.crewCycleInviteNext(formatWeekdayDate(cycle.next.startDate), cycle.next.modeLabel)}
      </p>
    </div>
  );
}
