import { createContext, use, useDeferredValue, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SessionUser } from '@shared/api-types';
import { msg } from '@shared/messages';
import { FullPageSpinner } from '@client/components/layout/full-page-spinner';
import { Spinner } from '@client/components/ui/spinner';
import { useSession } from '../api/get-session';
import { useSubscription } from '../api/get-subscription';
import { FinishSignUp } from './finish-sign-up';
import { pagePath } from '@shared/pages';
import { followMemberLanguage } from '@client/render/page-locale';

/** With REQUIRE_SUBSCRIPTION, the member screens an unsubscribed member may still open. */
const SUBSCRIPTION_FREE_SCREENS: string[] = [
  pagePath('app-start-trial'),
  pagePath('app-settings'),
  pagePath('app-profile'),
];

const SignedInUserContext = createContext<SessionUser | null>(null);

/**
 * The guard in front of every member screen (spec section 2): 'Loading...' while the session is read,
 * /signin when nobody is signed in, 'Authenticating...' while a fresh sign-in is being confirmed.
 * A member who just signed out in this tab goes home instead. Not being subscribed is only logged,
 * as the spec says, unless the server runs with REQUIRE_SUBSCRIPTION (decision 0018): then a member
 * who is not an admin and has no active or trialing subscription goes to /pricing, except from the
 * screens where they start a trial or manage their account and billing. The server refuses member
 * API calls for them too; this only spares them a screen of errors.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, signedOutHere } = useSession();
  // Once the session is read, the member area (navigation, screen) is rendered in a deferred,
  // interruptible render rather than in the one synchronous task of the query's update (0029).
  const read = useDeferredValue(status !== 'loading');
  const subscription = useSubscription(user?.userId);
  const userId = user?.userId;
  const notSubscribed = Boolean(userId) && !subscription.isLoading && !subscription.subscribed;
  const { pathname } = useLocation();
  const gated =
    notSubscribed &&
    subscription.subscription?.requireSubscription === true &&
    !user?.isAdmin &&
    !SUBSCRIPTION_FREE_SCREENS.includes(pathname.replace(/\/$/, ''));

  // The member's language beats the one this device's app shell guessed (issue 47).
  const language = user?.language;
  useEffect(() => followMemberLanguage(language), [language]);

  useEffect(() => {
    if (notSubscribed && !gated) {
      console.info('Member is not subscribed; the member area is not gated.', { userId });
    }
  }, [notSubscribed, gated, userId]);

  if (status === 'loading' || !read) return <FullPageSpinner label={msg.loading} />;
  if (status === 'authenticating') return <FullPageSpinner label={msg.authenticating} />;
  if (status === 'signed-out' || !user)
    return <Navigate to={signedOutHere ? pagePath('landing') : pagePath('signin')} replace />;
  // A code entered in another browser than the sign-up's: the name and the terms first (0095).
  if (user.signUpUnfinished) return <FinishSignUp user={user} />;
  if (gated) return <Navigate to={pagePath('pricing')} replace />;
  // Screens read the member from here, not from the session query: a screen that re-renders on its
  // own during sign-out still sees the member it was rendered for until the guard takes it away.
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** Admin screens: members who are not admins go back to /app. The server checks again on every admin call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading' || status === 'authenticating') return <Spinner label={msg.loading} />;
  if (!user?.isAdmin) return <Navigate to={pagePath('app-home')} replace />;
  return children;
}

/** The signed-in member, for screens behind RequireAuth. */
export function useSignedInUser(): SessionUser {
  const user = use(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is only for screens behind RequireAuth');
  return user;
}
