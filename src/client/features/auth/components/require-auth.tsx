import { createContext, use, useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { SessionUser } from '@shared/api-types';
import { msg } from '@shared/messages';
import { FullPageSpinner } from '@client/components/layout/full-page-spinner';
import { Spinner } from '@client/components/ui/spinner';
import { useSession } from '../api/get-session';
import { useSubscription } from '../api/get-subscription';

const SignedInUserContext = createContext<SessionUser | null>(null);

/**
 * The guard in front of every member screen (spec section 2): 'Loading...' while the session is read,
 * /signin when nobody is signed in, 'Authenticating...' while a fresh sign-in is being confirmed.
 * A member who just signed out in this tab goes home instead. Not being subscribed is only logged:
 * it does not gate access yet.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, signedOutHere } = useSession();
  const subscription = useSubscription(user?.userId);
  const userId = user?.userId;
  const notSubscribed = Boolean(userId) && !subscription.isLoading && !subscription.subscribed;

  useEffect(() => {
    if (notSubscribed) {
      console.info('Member is not subscribed; the member area is not gated yet.', { userId });
    }
  }, [notSubscribed, userId]);

  if (status === 'loading') return <FullPageSpinner label={msg.loading} />;
  if (status === 'authenticating') return <FullPageSpinner label={msg.authenticating} />;
  if (status === 'signed-out' || !user)
    return <Navigate to={signedOutHere ? '/' : '/signin'} replace />;
  // Screens read the member from here, not from the session query: a screen that re-renders on its
  // own during sign-out still sees the member it was rendered for until the guard takes it away.
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** Admin screens: members who are not admins go back to /app. The server checks again on every admin call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading' || status === 'authenticating') return <Spinner label={msg.loading} />;
  if (!user?.isAdmin) return <Navigate to="/app" replace />;
  return children;
}

/** The signed-in member, for screens behind RequireAuth. */
export function useSignedInUser(): SessionUser {
  const user = use(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is only for screens behind RequireAuth');
  return user;
}
