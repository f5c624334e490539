import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLazySessionClient } from '../../src/services/lazy-session-client';
import * as adapter from '../../src/services/oidc-session-client';
import { emailVerificationUrl } from '../../src/config/identity-links';
import { paths } from '../../src/config/paths';

const { userManagerSettings, toSessionUser } = adapter;
const createOidcSessionClient = (options: Omit<adapter.OidcSessionClientOptions, 'routes'>) => adapter.createOidcSessionClient({ ...options, routes: paths });

/**
 * The oidc-client-ts adapter: the UserManager settings of shop-core.md section 9, session storage
 * only, the library loaded only when needed, and the arguments of the redirects.
 */

const origin = 'https://shop.test';

function fakeLibrary(storedUser: unknown = null) {
  const created: { settings: Record<string, unknown>; instance: FakeUserManager }[] = [];
  class FakeUserManager {
    events = {
      addUserLoaded: vi.fn(), addUserUnloaded: vi.fn(), addAccessTokenExpiring: vi.fn(), addAccessTokenExpired: vi.fn(),
      addSilentRenewError: vi.fn(), addUserSignedOut: vi.fn(), removeUserLoaded: vi.fn(), removeUserUnloaded: vi.fn(),
      removeAccessTokenExpiring: vi.fn(), removeAccessTokenExpired: vi.fn(), removeSilentRenewError: vi.fn(), removeUserSignedOut: vi.fn(),
    };
    getUser = vi.fn(async () => storedUser);
    removeUser = vi.fn(async () => {});
    signinRedirect = vi.fn(async () => {});
    signoutRedirect = vi.fn(async () => {});
    constructor(settings: Record<string, unknown>) {
      created.push({ settings, instance: this });
    }
  }
  class FakeStore {
    constructor(readonly options: { store: Storage }) {}
  }
  const load = vi.fn(async () => ({ UserManager: FakeUserManager, WebStorageStateStore: FakeStore }) as never);
  return { load, created };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('UserManager settings', () => {
  it('follow the spec constants and the provider registration', () => {
    expect(userManagerSettings({ authority: '/oidc', clientId: 'storefront', origin, routes: paths })).toMatchObject({
      authority: 'https://shop.test/oidc',
      client_id: 'storefront',
      redirect_uri: 'https://shop.test/auth/callback',
      silent_redirect_uri: 'https://shop.test/auth/silent-renew',
      post_logout_redirect_uri: 'https://shop.test/',
      response_type: 'code',
      scope: 'openid profile email',
      accessTokenExpiringNotificationTimeInSeconds: 60,
      silentRequestTimeoutInSeconds: 10,
      staleStateAgeInSeconds: 900,
      monitorSession: true,
      checkSessionIntervalInSeconds: 2,
      automaticSilentRenew: false,
      // Sign-out revokes the refresh token (issue 18).
      revokeTokensOnSignout: true,
      revokeTokenTypes: ['refresh_token'],
    });
  });
});

describe('the adapter', () => {
  it('the first load\'s facade answers "nobody" without loading the adapter or oidc-client-ts when no user is stored', async () => {
    const loadClient = vi.fn(async () => adapter);
    const client = createLazySessionClient({ authority: '/oidc', clientId: 'storefront', origin, loadClient });
    expect(await client.getUser()).toBeNull();
    await client.removeUser();
    expect(loadClient).not.toHaveBeenCalled();
    expect(client.getAccessToken()).toBeUndefined();
  });

  it('the facade loads the adapter once, on the first real use', async () => {
    const { load, created } = fakeLibrary();
    const loadClient = vi.fn(async () => ({ ...adapter, createOidcSessionClient: (options: adapter.OidcSessionClientOptions) => adapter.createOidcSessionClient({ ...options, load }) }));
    const client = createLazySessionClient({ authority: '/oidc', clientId: 'storefront', origin, loadClient });
    await client.signinRedirect({ returnTo: '/profile' });
    await client.signinRedirect({ returnTo: '/' });
    expect(loadClient).toHaveBeenCalledTimes(1);
    expect(created[0].settings.redirect_uri).toBe('https://shop.test/auth/callback');
  });

  it('keeps users and sign-in state in session storage, never local storage', async () => {
    const { load, created } = fakeLibrary();
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    await client.signinRedirect({ returnTo: '/profile' });
    const { settings } = created[0];
    expect((settings.userStore as { options: { store: Storage } }).options.store).toBe(sessionStorage);
    expect((settings.stateStore as { options: { store: Storage } }).options.store).toBe(sessionStorage);
  });

  it('passes the way back in the state, prompt=create for registration and kc_action for the password', async () => {
    const { load, created } = fakeLibrary();
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    await client.signinRedirect({ returnTo: '/profile/orders' });
    await client.signinRedirect({ returnTo: '/', prompt: 'create' });
    await client.signinRedirect({ returnTo: '/profile', action: 'UPDATE_PASSWORD' });
    const calls = created[0].instance.signinRedirect.mock.calls as unknown[][];
    expect(calls.map((call) => call[0])).toEqual([
      { state: { returnTo: '/profile/orders' } },
      { state: { returnTo: '/' }, prompt: 'create' },
      { state: { returnTo: '/profile' }, extraQueryParams: { kc_action: 'UPDATE_PASSWORD' } },
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a stored user with an expired token and a refresh token, to be renewed (issue 18)', async () => {
    const { load, created } = fakeLibrary({ expired: true, access_token: 'old', refresh_token: 'rt', profile: { sub: 'u1' } });
    sessionStorage.setItem('oidc.user:https://shop.test/oidc:storefront', '{}');
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    expect(await client.getUser()).toMatchObject({ expired: true, renewable: true });
    expect(created[0].instance.removeUser).not.toHaveBeenCalled();
    expect(client.getAccessToken()).toBeUndefined();
  });

  it('treats a stored user with an expired token and no refresh token as nobody and removes it', async () => {
    const { load, created } = fakeLibrary({ expired: true, access_token: 'old', profile: { sub: 'u1' } });
    sessionStorage.setItem('oidc.user:https://shop.test/oidc:storefront', '{}');
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    expect(await client.getUser()).toBeNull();
    expect(created[0].instance.removeUser).toHaveBeenCalled();
    expect(client.getAccessToken()).toBeUndefined();
  });

  it("signs out with the stored ID token as id_token_hint, so the provider knows it is the storefront's own sign-out (issue 18)", async () => {
    const { load, created } = fakeLibrary({ expired: false, access_token: 'at', id_token: 'the.id.token', profile: { sub: 'u1' } });
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    await client.signoutRedirect();
    expect(created[0].instance.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'the.id.token' });
  });

  it('signs out only after a renewal under way has ended, so the renewed user is not stored again after the sign-out removed it', async () => {
    const stored = { expired: false, access_token: 'at', id_token: 'the.id.token', profile: { sub: 'u1' } };
    const { load, created } = fakeLibrary(stored);
    const client = createOidcSessionClient({ authority: '/oidc', clientId: 'storefront', origin, load });
    await client.getUser();
    const manager = created[0].instance as unknown as { signinSilent: () => Promise<unknown>; signoutRedirect: ReturnType<typeof vi.fn> };
    let endRenewal: (user: unknown) => void = () => {};
    manager.signinSilent = () => new Promise((resolve) => (endRenewal = resolve));
    const renewal = client.signinSilent();
    const signOut = client.signoutRedirect();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    endRenewal({ ...stored, access_token: 'renewed' });
    await renewal;
    await signOut;
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it("copies the ID token's email_verified claim, when the provider sends it", () => {
    const base = { access_token: 'at', expires_at: 1, expired: false, refresh_token: 'rt' };
    const claims = (profile: Record<string, unknown>) => toSessionUser({ ...base, profile } as never).claims;
    expect(claims({ sub: 'u1', email: 'a@example.com', email_verified: false })).toEqual({ sub: 'u1', email: 'a@example.com', email_verified: false });
    expect(claims({ sub: 'u1', email_verified: true })).toEqual({ sub: 'u1', email_verified: true });
    expect(claims({ sub: 'u1', email_verified: 'yes' })).toEqual({ sub: 'u1' });
  });
});

describe('links to the provider\'s pages', () => {
  it('"Email not verified — resend": the embedded provider\'s resend page with the address, or an outside provider\'s account page', () => {
    expect(emailVerificationUrl('/oidc', origin, 'a+b@example.com')).toBe('https://shop.test/auth/verify-email/resend?email=a%2Bb%40example.com');
    expect(emailVerificationUrl('https://shop.test/oidc/', origin, '')).toBe('https://shop.test/auth/verify-email/resend');
    // The issuer's origin, not the page's (the shop opened under its localhost twin).
    expect(emailVerificationUrl('http://localhost:3000/oidc', 'http://127.0.0.1:3000', 'a@example.com')).toBe(
      'http://localhost:3000/auth/verify-email/resend?email=a%40example.com',
    );
    expect(emailVerificationUrl('https://id.example/realms/shop', origin, 'a@example.com')).toBe('https://id.example/realms/shop/account');
  });
});
