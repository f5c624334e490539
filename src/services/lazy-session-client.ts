import type { SessionClient, UserManagerEvent } from '../../machines/session/session.types';
import type { OidcSessionClientOptions } from './oidc-session-client';
import { paths } from '../config/paths';

/** WebStorageStateStore's prefix and UserManager's user key (`user:{authority}:{clientId}`). */
export const USER_KEY_PREFIX = 'oidc.user:';

/** Whether a signed-in user is stored (session storage), without loading the identity client. */
export function hasStoredUser(storage: Storage): boolean {
  try {
    for (let i = 0; i < storage.length; i += 1) if (storage.key(i)?.startsWith(USER_KEY_PREFIX)) return true;
  } catch {
    // storage disabled: no session
  }
  return false;
}

/**
 * The identity client as the first load carries it: a facade that loads the OIDC adapter
 * (src/services/oidc-session-client.ts, with oidc-client-ts behind it) on first real use. A visitor
 * with no stored session loads neither until they sign in (issue 16: first-load size).
 */
export function createLazySessionClient(
  options: Omit<OidcSessionClientOptions, 'routes'> & { loadClient?: () => Promise<typeof import('./oidc-session-client')> },
): SessionClient {
  const storage = options.storage ?? globalThis.sessionStorage;
  const loadClient = options.loadClient ?? (() => import('./oidc-session-client'));
  let client: Promise<SessionClient> | undefined;
  /** The adapter once loaded, for the synchronous access-token read. */
  let loaded: SessionClient | undefined;
  const real = () =>
    (client ??= loadClient().then(({ createOidcSessionClient }) => {
      loaded = createOidcSessionClient({ ...options, routes: paths });
      return loaded;
    }));

  return {
    async getUser() {
      if (!hasStoredUser(storage)) return null;
      return (await real()).getUser();
    },
    signinRedirect: async (request) => (await real()).signinRedirect(request),
    signinCallback: async (url) => (await real()).signinCallback(url),
    signinSilent: async () => (await real()).signinSilent(),
    signoutRedirect: async () => (await real()).signoutRedirect(),
    async removeUser() {
      if (!client && !hasStoredUser(storage)) return;
      await (await real()).removeUser();
    },
    subscribe(listener: (event: UserManagerEvent) => void) {
      let unsubscribe: (() => void) | undefined;
      let stopped = false;
      void real().then((adapter) => {
        if (!stopped) unsubscribe = adapter.subscribe(listener);
      });
      return () => {
        stopped = true;
        unsubscribe?.();
      };
    },
    getAccessToken: () => loaded?.getAccessToken(),
  };
}
