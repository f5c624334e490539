import * as oidcClientTs from 'oidc-client-ts';
import type { User, UserManager, UserManagerSettings } from 'oidc-client-ts';
import type {
  SessionClient,
  SessionUser,
  SignInRequest,
  SignInResult,
  UserManagerEvent,
} from '../../machines/session/session.types';
import type { paths } from '../config/paths';

/*
 * The identity provider behind the session machine's actors: oidc-client-ts's UserManager,
 * configured from the runtime settings (shop-core.md section 9). This module and the library
 * (~20 kB gzip) are loaded on first use by the first load's facade (lazy-session-client.ts),
 * which also answers "nobody" without loading them when no user is stored. Nothing here imports
 * a first-load module at run time (the app's paths come in the options), so the lazy chunk has
 * no import back into the entry.
 */

export interface OidcSessionClientOptions {
  /** Issuer (runtime setting oidcAuthority); relative values are resolved against the origin. */
  authority: string;
  clientId: string;
  /** The storefront's origin, e.g. https://shop.example (callback URLs are built from it). */
  origin: string;
  /** Session storage; never local storage (section 9). Tests pass a stand-in. */
  storage?: Storage;
  /** The app's auth routes (src/config/paths.ts), for the redirect URLs. */
  routes: Pick<typeof paths, 'authCallback' | 'authSilentRenew' | 'home'>;
  /** Module loader; tests pass a fake. */
  load?: () => Promise<typeof import('oidc-client-ts')>;
}


export function userManagerSettings(
  { authority, clientId, origin, routes }: Pick<OidcSessionClientOptions, 'authority' | 'clientId' | 'origin' | 'routes'>,
): Omit<UserManagerSettings, 'userStore' | 'stateStore'> {
  return {
    authority: new URL(authority, origin).href,
    client_id: clientId,
    redirect_uri: `${origin}${routes.authCallback}`,
    silent_redirect_uri: `${origin}${routes.authSilentRenew}`,
    post_logout_redirect_uri: `${origin}${routes.home}`,
    response_type: 'code', // with PKCE (S256), which oidc-client-ts always sends for the code flow
    scope: 'openid profile email',
    // The session machine owns renewal (retry once after a timeout, then report), so the
    // UserManager's own automatic renewal is off; its expiring/expired events still fire.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    silentRequestTimeoutInSeconds: 10,
    staleStateAgeInSeconds: 900,
    monitorSession: true,
    // Sign-out revokes the refresh token (the provider's revocation endpoint); JWT access tokens
    // cannot be revoked and expire within minutes.
    revokeTokensOnSignout: true,
    revokeTokenTypes: ['refresh_token'],
    checkSessionIntervalInSeconds: 2,
    popupWindowFeatures: { height: 640 },
    // The user-info call (shop-core.md section 7, issue 22 item 8): after sign-in and each renewal
    // the profile claims are read from the provider's userinfo endpoint with the access token
    // (the embedded provider answers the storefront's tokens there), over the ID token's. Names
    // and email for views still come from GET /User/profile.
    loadUserInfo: true,
  };
}

export function toSessionUser(user: User): SessionUser {
  return {
    accessToken: user.access_token,
    expiresAt: user.expires_at ?? null,
    expired: user.expired === true,
    renewable: typeof user.refresh_token === 'string' && user.refresh_token !== '',
    claims: {
      sub: user.profile.sub,
      ...(typeof user.profile.name === 'string' ? { name: user.profile.name } : {}),
      ...(typeof user.profile.email === 'string' ? { email: user.profile.email } : {}),
      ...(typeof user.profile.email_verified === 'boolean' ? { email_verified: user.profile.email_verified } : {}),
    },
  };
}

function returnToOf(user: User): string | null {
  const state = user.state as { returnTo?: unknown } | undefined;
  const returnTo = state?.returnTo;
  // Only app paths: the state travelled through the provider.
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null;
}

export function createOidcSessionClient({
  authority,
  clientId,
  origin,
  routes,
  storage = globalThis.sessionStorage,
  // This module itself is loaded on first use (lazy-session-client.ts), so the library comes with it.
  load = () => Promise.resolve(oidcClientTs),
}: OidcSessionClientOptions): SessionClient {
  let manager: Promise<UserManager> | undefined;
  /** The last user seen, for the synchronous access-token read of the API client. */
  let current: User | null = null;
  /** The silent renewal under way, if any: sign-out and removal wait for it (see signoutRedirect). */
  let renewing: Promise<User | null> | null = null;

  const userManager = () =>
    (manager ??= load().then(({ UserManager, WebStorageStateStore }) => {
      const store = new WebStorageStateStore({ store: storage });
      const instance = new UserManager({
        ...userManagerSettings({ authority, clientId, origin, routes }),
        userStore: store,
        // The sign-in state too (default: local storage); it only has to survive the redirect.
        stateStore: store,
      });
      instance.events.addUserLoaded((user) => {
        current = user;
      });
      instance.events.addUserUnloaded(() => {
        current = null;
      });
      return instance;
    }));

  return {
    async getUser() {
      const um = await userManager();
      const user = await um.getUser();
      if (user?.expired && !user.refresh_token) {
        // Shop-core section 4: an expired token counts as not signed in, unless a refresh token can
        // renew it (issue 18: the session machine renews before it decides).
        await um.removeUser();
        return null;
      }
      current = user;
      return user ? toSessionUser(user) : null;
    },

    async signinRedirect({ returnTo, prompt, action }: SignInRequest) {
      const um = await userManager();
      await um.signinRedirect({
        state: { returnTo },
        ...(prompt ? { prompt } : {}),
        ...(action ? { extraQueryParams: { kc_action: action } } : {}),
      });
    },

    async signinCallback(url: string): Promise<SignInResult> {
      const um = await userManager();
      const user = await um.signinRedirectCallback(url);
      current = user;
      return { user: toSessionUser(user), returnTo: returnToOf(user) };
    },

    async signinSilent() {
      // Known as under way from the call on, before the library has even loaded.
      const renewal = userManager().then((um) => um.signinSilent());
      renewing = renewal;
      try {
        const user = await renewal;
        if (!user) throw new Error('Silent renewal returned no user');
        current = user;
        return toSessionUser(user);
      } finally {
        if (renewing === renewal) renewing = null;
      }
    },

    async signoutRedirect() {
      // A renewal still under way (the account area's fresh-claims renewal, say) stores its user
      // when it ends: ended after the sign-out removed the stored user, it would store it again,
      // and the shopper would come back from the provider still signed in. It ends first.
      await settled(renewing);
      const um = await userManager();
      // The ID token tells the provider that this is the storefront's own sign-out of the account
      // signed in there, so it signs out without asking (issue 18). oidc-client-ts would add the
      // stored one itself; said here so it does not rest on a library default.
      const user = await um.getUser();
      await um.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    },

    async removeUser() {
      await settled(renewing);
      current = null;
      await (await userManager()).removeUser();
    },

    subscribe(listener: (event: UserManagerEvent) => void) {
      let unsubscribe: (() => void) | undefined;
      let stopped = false;
      void userManager().then((um) => {
        if (stopped) return;
        const { events } = um;
        const loaded = (user: User) => listener({ type: 'session.user.loaded', user: toSessionUser(user) });
        const unloaded = () => listener({ type: 'session.user.unloaded' });
        const expiring = () => listener({ type: 'session.token.expiring' });
        const expired = () => listener({ type: 'session.token.expired', renewable: Boolean(current?.refresh_token) });
        const renewError = (error: Error) => listener({ type: 'session.renew.error', message: error.message });
        const signedOut = () => listener({ type: 'session.user.signedout' });
        events.addUserLoaded(loaded);
        events.addUserUnloaded(unloaded);
        events.addAccessTokenExpiring(expiring);
        events.addAccessTokenExpired(expired);
        events.addSilentRenewError(renewError);
        events.addUserSignedOut(signedOut);
        unsubscribe = () => {
          events.removeUserLoaded(loaded);
          events.removeUserUnloaded(unloaded);
          events.removeAccessTokenExpiring(expiring);
          events.removeAccessTokenExpired(expired);
          events.removeSilentRenewError(renewError);
          events.removeUserSignedOut(signedOut);
        };
      });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },

    getAccessToken() {
      return current && !current.expired ? current.access_token : undefined;
    },
  };
}

/** Waits for a promise to settle, whatever its outcome; at once without one. */
async function settled(promise: Promise<unknown> | null): Promise<void> {
  if (promise) await promise.then(
    () => undefined,
    () => undefined,
  );
}
