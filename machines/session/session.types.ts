import type { NotificationKind } from '../notification/notification.types';
import type { UserProfile } from './session.actors';

export type { UserProfile };

/**
 * The signed-in user as the session machine holds it: plain data copied from oidc-client-ts's
 * `User` by the identity adapter (src/services/oidc-session-client.ts), so the machine, its tests and
 * the visualizer never need the library.
 */
export interface SessionUser {
  accessToken: string;
  /** Access-token expiry in epoch seconds; null when the provider gave none. */
  expiresAt: number | null;
  /** The access token had expired when this copy was made (shop-core section 4: not signed in). */
  expired: boolean;
  /** A refresh token is held: the session can be renewed without the provider's pages (issue 18). */
  renewable: boolean;
  /**
   * ID-token claims. `email_verified` (standard OIDC, the embedded provider's and Keycloak's) says
   * whether the address was verified; absent when the provider does not say.
   */
  claims: { sub: string; name?: string; email?: string; email_verified?: boolean };
}

/** What a sign-in redirect asks the identity provider for. */
export interface SignInRequest {
  /** App path to come back to after the callback (passed in the OIDC `state`). */
  returnTo: string;
  /** 'create': the provider's registration page instead of its login page (/register). */
  prompt?: 'create';
  /** Keycloak-style required action, here the password change of the account area. */
  action?: 'UPDATE_PASSWORD';
}

/** Result of completing the authorization-code callback. */
export interface SignInResult {
  user: SessionUser;
  returnTo: string | null;
}

/** Events oidc-client-ts's UserManager raises, forwarded to the machine by `watchUserManager`. */
export type UserManagerEvent =
  | { type: 'session.user.loaded'; user: SessionUser }
  | { type: 'session.user.unloaded' }
  | { type: 'session.token.expiring' }
  /** The access token expired; `renewable`: the user holds a refresh token to renew it with. */
  | { type: 'session.token.expired'; renewable: boolean }
  | { type: 'session.renew.error'; message: string }
  | { type: 'session.user.signedout' };

/** What views (header, guard, routes, account area) send. */
export type SessionIntent =
  | { type: 'session.signin'; returnTo: string }
  | { type: 'session.register' }
  | { type: 'session.password.change'; returnTo: string }
  | { type: 'session.signout' }
  | { type: 'session.callback'; url: string }
  /** The account area changed the profile (details, addresses): load it again. */
  | { type: 'session.profile.reload' }
  /**
   * The account area shows what the ID token says of the address (not verified): renew now, so a
   * verification done since (at the provider, maybe in another tab) shows without waiting.
   */
  | { type: 'session.claims.refresh' };

export type SessionEvent = UserManagerEvent | SessionIntent;

/**
 * Emitted for the rest of the app (src/app/app-actors.ts forwards them): the cart follows the
 * owner changes, the notification banner shows the texts.
 */
export type SessionEmitted =
  /** A user is signed in where none was (page load with a session, or a completed sign-in). */
  | { type: 'session.authenticated'; user: SessionUser }
  /** Nobody is signed in (page load without a session, or a failed sign-in). */
  | { type: 'session.anonymous' }
  /** The signed-in user was signed out (sign-out, provider sign-out, 401): the cart starts afresh. */
  | { type: 'session.ended' }
  /**
   * The signed-in user's session expired and could not be renewed (at load or while signed in):
   * the shopper did not sign out, so the cart carries on as a guest's with the same lines.
   */
  | { type: 'session.expired' }
  /** The profile was read (after sign-in, or again): the cart learns the default shipping address (decision 030). */
  | { type: 'session.profile.loaded'; profile: UserProfile }
  | { type: 'notification.show'; kind: NotificationKind; text: string };

export interface SessionContext {
  user: SessionUser | null;
  /** GET /User/profile, loaded after sign-in. */
  profile: UserProfile | null;
  /** Where the completed sign-in should land (the callback route redirects there). */
  returnTo: string | null;
}

/** Identity-provider client the session actors call (oidc-client-ts behind an adapter). */
export interface SessionClient {
  /**
   * The stored user, or null. An expired one is kept when it can be renewed (a refresh token: the
   * machine renews before it decides), else removed and answers null.
   */
  getUser(): Promise<SessionUser | null>;
  signinRedirect(request: SignInRequest): Promise<void>;
  signinCallback(url: string): Promise<SignInResult>;
  signinSilent(): Promise<SessionUser>;
  signoutRedirect(): Promise<void>;
  /** Forget the user locally (no provider round trip). */
  removeUser(): Promise<void>;
  /** Forwards UserManager events; returns the unsubscribe function. */
  subscribe(listener: (event: UserManagerEvent) => void): () => void;
  /** The current access token for API calls, unless it has expired. Synchronous. */
  getAccessToken(): string | undefined;
}

/** A silent renewal that timed out is retried once after 5 s (shop-core section 4). */
export const RENEW_RETRY_DELAY_MS = 5_000;

/** oidc-client-ts's `ErrorTimeout` name: the silent request got no answer in time. */
export const TIMEOUT_ERROR_NAME = 'ErrorTimeout';

/** UI texts of shop-core section 8. */
export const SESSION_TEXTS = {
  signInFailed: 'Sign-in failed',
  signOutFailed: 'Sign-out failed',
  renewFailed: 'Renew silent failed',
  /** Not in the spec (issue 18): the renewal of an expired session failed; the shopper is signed out. */
  sessionExpired: 'Your session has expired. Please sign in again.',
  alreadyRegistered: 'You are already a registered user, please logout if you would like to register again.',
} as const;
