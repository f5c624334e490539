import { createApiClient, unwrap } from '../api/client';
import { createPageContent } from '../features/content/page-content';
import { emptyCmsPage, type CmsPages } from '../features/content/cms-pages';
import type { RuntimeSettings } from '../runtime-settings';
import { createPendingStore, trackPendingFetch } from './pending-store';
import { createUiStore } from './ui-store';

/** Local-storage key of the guest token (shop-core.md section 9). */
export const GUEST_TOKEN_KEY = 'guestToken';

function readGuestToken(): string | undefined {
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
}

/**
 * Everything the app holds once per page load, created before the router so route loaders and
 * (later) machine actors share them: the single API client (DESIGN.md section 1), the pending-
 * request counter that drives the spinner, the UI store and the page-content cache.
 *
 * The client's fetch is wrapped to count requests in flight; nothing else needs to report them.
 * The bearer token comes from the identity issue's auth machine; until it lands every visitor is
 * a guest, so `getAccessToken` answers undefined and the guest id comes from local storage.
 */
export function createAppServices({ settings, fetch: fetchImpl }: AppServicesOptions) {
  // Late-bound default, so a fetch stubbed after start-up (tests, devtools) is still the one used.
  const network: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const pending = createPendingStore();
  const ui = createUiStore();
  const api = createApiClient({
    baseUrl: settings.apiBaseUrl,
    getAccessToken: () => undefined,
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
  });

  return { settings, api, pending, ui, pageContent };
}

export type AppServices = ReturnType<typeof createAppServices>;
