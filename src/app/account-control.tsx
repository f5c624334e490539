import { Link, useLocation } from 'react-router-dom';
import { connect } from '../../machines/session/session.connect';
import { UserIcon } from '../components/icons';
import { useConnect } from '../components/use-connect';
import { useHydrated } from '../components/use-hydrated';
import { paths } from '../config/paths';
import { ActorBoundary, useAppActors } from '../services/providers';

/**
 * The header's account icon: 'Sign in' (starts the sign-in, coming back to this page) when nobody
 * is signed in, the 'Account' link to /profile otherwise. While the session is still loading it
 * is the link, which the /profile guard handles either way, marked busy until the session has
 * settled (a sign-in callback still exchanging its code is not yet a signed-in shopper).
 */
export function AccountControl({ className }: { className?: string }) {
  return (
    <ActorBoundary fallback={<AccountLink className={className} settled={false} />}>
      <ConnectedAccountControl className={className} />
    </ActorBoundary>
  );
}

function ConnectedAccountControl({ className }: { className?: string }) {
  const { session } = useAppActors();
  const location = useLocation();
  const account = useConnect(session, (snapshot) => connect(snapshot, session.send));
  // The server renders the loading session's link; the browser's answer shows after hydration.
  const hydrated = useHydrated();

  if (hydrated && (account.isAnonymous || account.isSigningIn)) {
    return (
      <button
        type="button"
        className={className}
        aria-label="Sign in"
        disabled={account.isSigningIn}
        onClick={() => account.signIn(`${location.pathname}${location.search}${location.hash}`)}
      >
        <UserIcon />
      </button>
    );
  }
  return <AccountLink className={className} settled={hydrated && (account.isAuthenticated || account.isAnonymous)} />;
}

function AccountLink({ className, settled }: { className?: string; settled: boolean }) {
  return (
    <Link to={paths.profile} className={className} aria-label="Account" aria-busy={settled ? undefined : true}>
      <UserIcon />
    </Link>
  );
}
