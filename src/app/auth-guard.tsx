import { useActorSelector } from '../services/actor-selector';
import type { ReactNode } from 'react';
import { sessionStatus } from '../../machines/session/session.connect';
import { FullPageSpinner } from '../components/full-page-spinner';
import { useAppActors } from '../services/providers';

interface AuthGuardProps {
  children: ReactNode;
}

/**
 * The authentication guard around /profile and its children (shop-core.md section 2: "A guard
 * redirects unauthenticated users to the provider's login page"; the account area "renders only
 * when a user is signed in; otherwise nothing").
 *
 * The redirect itself is started by the route's loader (auth-routes.ts, createAuthGuardLoader)
 * through the session machine; this component only renders by the session's state: the children
 * when signed in, the spinner while the session loads or the browser is on its way to the
 * provider, nothing otherwise (for example after the token expired on an account page).
 */
export function AuthGuard({ children }: AuthGuardProps) {
  const { session } = useAppActors();
  const status = useActorSelector(session, sessionStatus);
  if (status === 'authenticated') return <>{children}</>;
  if (status === 'anonymous') return null;
  return <FullPageSpinner />;
}
