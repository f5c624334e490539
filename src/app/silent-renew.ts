import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/**
 * The /auth/silent-renew page, loaded in a hidden iframe when a silent renewal has no refresh
 * token: it only hands the provider's answer to the parent window. main.tsx starts it before the
 * app boots (no router, no actors, no rendering), so the iframe runs this chunk and oidc-client-ts.
 */
export async function completeSilentRenew(url: string = window.location.href): Promise<void> {
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  // signinSilentCallback only posts the URL to the parent; the settings just have to be valid.
  await new UserManager({
    authority: window.location.origin,
    client_id: 'storefront-silent-renew',
    redirect_uri: url,
    userStore: store,
    stateStore: store,
  }).signinSilentCallback(url);
}
