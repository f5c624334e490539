import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';
import type { SessionEvent } from './session.types';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
type Send = (event: SessionEvent) => void;

/** Where a snapshot stands, for views and route loaders. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'redirecting' | 'busy';

export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches({ authenticated: { token: 'changingPassword' } })) return 'redirecting';
  if (snapshot.matches('authenticated')) return 'authenticated';
  if (snapshot.matches('anonymous')) return 'anonymous';
  if (snapshot.matches('signingIn') || snapshot.matches('signingOut')) return 'redirecting';
  return 'busy'; // completing a sign-in or ending the session
}

/** The session has decided whether someone is signed in (loaders wait for this). */
export function isSettled(snapshot: SessionSnapshot): boolean {
  const status = sessionStatus(snapshot);
  return status === 'authenticated' || status === 'anonymous';
}

/**
 * Settled, and a signed-in user's profile is no longer loading (loaded or failed): screens that
 * prefill forms from the profile wait for this, so a late profile never overwrites typing.
 */
export function isProfileSettled(snapshot: SessionSnapshot): boolean {
  if (!isSettled(snapshot)) return false;
  return !snapshot.matches({ authenticated: { profile: 'loading' } });
}

/**
 * A session snapshot as a view needs it (zag's connect pattern): booleans, the user's name and
 * email, and intents.
 */
export function connect(snapshot: SessionSnapshot, send: Send) {
  const status = sessionStatus(snapshot);
  const { user, profile } = snapshot.context;
  const name = profile ? profile.fullName || `${profile.firstName} ${profile.lastName}`.trim() : (user?.claims.name ?? '');

  return {
    status,
    isLoading: status === 'loading',
    isAuthenticated: status === 'authenticated',
    isAnonymous: status === 'anonymous',
    isRedirecting: status === 'redirecting',
    /** On the way to the provider's sign-in or registration page. */
    isSigningIn: snapshot.matches('signingIn'),
    /** The profile has arrived (GET /User/profile). */
    hasProfile: profile !== null,
    name,
    email: profile?.email ?? user?.claims.email ?? '',
    /**
     * The provider says the account's address is not verified (the ID token's `email_verified`,
     * as of the last sign-in or renewal); false when it is, or when the provider does not say.
     */
    isEmailUnverified: status === 'authenticated' && user?.claims.email_verified === false,
    signIn: (returnTo: string) => send({ type: 'session.signin', returnTo }),
    register: () => send({ type: 'session.register' }),
    changePassword: (returnTo: string) => send({ type: 'session.password.change', returnTo }),
    logout: () => send({ type: 'session.signout' }),
    reloadProfile: () => send({ type: 'session.profile.reload' }),
  };
}

export type SessionApi = ReturnType<typeof connect>;
