import { createApiClient, unwrap } from '../api/client';
import { GUEST_TOKEN_KEY } from '../../machines/cart/cart.types';
import type { SessionClient } from '../../machines/session/session.types';
import { createPageContent } from './page-content';
import { createPrices } from '../api/prices';
import { emptyCmsPage, type CmsPages } from '../api/cms-pages';
import type { RuntimeSettings } from '../runtime-settings';
import { createLazySessionClient } from './lazy-session-client';
import { createPendingStore, trackPendingFetch } from './pending-store';
import { createUiStore } from './ui-store';

export { GUEST_TOKEN_KEY };

/** The guest token from local storage (shop-core.md sections 4, 6, 9), or undefined. */
export function readGuestToken(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(GUEST_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined; // storage disabled: behave as a first visit
  }
}

export interface AppServicesOptions {
  settings: RuntimeSettings;
  /** The network; tests pass a fake. */
  fetch?: typeof fetch;
  /** The identity provider; the oidc-client-ts adapter by default, tests pass a fake. */
  identity?: SessionClient;
  /** Resolves a relative API base; the server renderer's (a browser resolves against the page). */
  apiOrigin?: string;
}

/**
 * Everything the app holds once per page load, created before the router so route loaders and
 * (later) machine actors share them: the single API client (DESIGN.md section 1), the pending-
 * request counter that drives the spinner, the UI store and the page-content cache.
 *
 * The client's fetch is wrapped to count requests in flight; nothing else needs to report them.
 * The bearer token is the signed-in user's access token as the identity client holds it (the
 * user the session machine loaded, renewed or signed in; undefined once expired or signed out);
 * the guest id comes from local storage (shop-core.md section 6).
 */
export function createAppServices({ settings, fetch: fetchImpl, identity: identityClient, apiOrigin }: AppServicesOptions) {
  // Late-bound default, so a fetch stubbed after start-up (tests, devtools) is still the one used.
  const network: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const pending = createPendingStore();
  const ui = createUiStore();
  const identity =
    identityClient ??
    createLazySessionClient({
      authority: settings.oidcAuthority,
      clientId: settings.oidcClientId,
      origin: globalThis.location?.origin ?? 'http://localhost',
    });
  const api = createApiClient({
    baseUrl: apiOrigin ? new URL(settings.apiBaseUrl, `${apiOrigin}/`).href.replace(/\/+$/, '') : settings.apiBaseUrl,
    getAccessToken: () => identity.getAccessToken(),
    getGuestId: readGuestToken,
    fetch: trackPendingFetch(pending, network),
  });

  const pageContent = createPageContent<CmsPages>({
    fetchPage: async (slug) => {
      const envelope = await unwrap(api.GET('/cms/page/{slug}', { params: { path: { slug } } }));
      return envelope.data;
    },
    fallback: emptyCmsPage,
    onError: (slug, error) => console.warn(`Content page "${slug}" could not be loaded; showing empty content.`, error),
    storage: sessionStorageOrNull(),
    version: settings.contentVersion,
  });

  const prices = createPrices(api);

  return { settings, api, identity, pending, ui, pageContent, prices };
}

export type AppServices = ReturnType<typeof createAppServices>;

/** The browser session's storage; null on the server and where reading it throws (privacy modes). */
function sessionStorageOrNull(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
