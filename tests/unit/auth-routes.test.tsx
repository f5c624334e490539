import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { SessionClient, SessionUser, UserManagerEvent } from '../../machines/session/session.types';
import { SESSION_TEXTS } from '../../machines/session/session.types';
import { createAppServices } from '../../src/services/app-services';
import { createAppActors } from '../../src/app/app-actors';
import { AppProviders } from '../../src/services/providers';
import { routeActorsOf } from '../../src/services/route-services';
import { createRoutes } from '../../src/app/router';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

/**
 * The identity routes and the guard with the real session and cart machines, a fake identity
 * provider (SessionClient) and a fake network: /profile behind the guard, /register, the
 * /auth/callback completion, and the header's account control.
 */

const GUEST_TOKEN = 'gid_unit-test-guest-token-0002';
const user: SessionUser = { accessToken: 'token-1', expiresAt: 2_000_000_000, expired: false, renewable: true, claims: { sub: 'u1' } };
const profile = {
  keycloakId: 'u1', fullName: 'Demo Shopper', firstName: 'Demo', lastName: 'Shopper',
  email: 'demo@ridgeline.example', phoneNumber: null, addresses: [], orders: [],
};
const cart = (guestId: string | null) => ({
  id: 1, userId: guestId ? null : 'u1', guestId, isAbandoned: false, isGuest: guestId !== null, items: [],
  subTotal: 0, taxAmount: 0, shipping: 0, discount: 0, totalAmount: 0, discountAmount: 0, appliedDiscounts: [],
});

const fakeFetch = vi.fn(async (input: RequestInfo | URL) => {
  const request = input as Request;
  const url = new URL(request.url);
  const signedIn = request.headers.get('authorization') === `Bearer ${user.accessToken}`;
  switch (`${request.method} ${url.pathname}`) {
    case 'POST /api/Auth/guest':
      return Response.json({ guestToken: GUEST_TOKEN });
    case `GET /api/Cart/guest/${GUEST_TOKEN}`:
      return Response.json(cart(GUEST_TOKEN));
    case 'GET /api/Cart':
    case 'POST /api/Cart/merge':
      return signedIn ? Response.json(cart(null)) : Response.json({ status: 401, title: 'Unauthorized', message: 'Sign in' }, { status: 401 });
    case 'GET /api/User/profile':
      return signedIn ? Response.json(profile) : Response.json({ status: 401, title: 'Unauthorized', message: 'Sign in' }, { status: 401 });
    default:
      return Response.json({ data: { id: 1, documentId: 'x', slug: 'x', title: 'x' }, meta: {} });
  }
});

function fakeIdentity(initial: SessionUser | null) {
  let current = initial;
  const identity = {
    getUser: vi.fn(async () => current),
    signinRedirect: vi.fn(async () => {}),
    signinCallback: vi.fn(async () => {
      current = user;
      return { user, returnTo: '/profile' };
    }),
    signinSilent: vi.fn(async () => user),
    signoutRedirect: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {
      current = null;
    }),
    subscribe: vi.fn((_listener: (event: UserManagerEvent) => void) => () => {}),
    getAccessToken: () => current?.accessToken,
  } satisfies SessionClient;
  return identity;
}

function renderApp(url: string, identity: SessionClient) {
  const services = createAppServices({
    settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' },
    fetch: fakeFetch as typeof fetch,
    identity,
  });
  // A decided visitor: the analytics consent modal (tested on its own) stays out of these tests.
  localStorage.setItem('analyticsConsent', JSON.stringify({ value: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
  const actors = createAppActors(services, { scrollToTop: () => {} });
  const router = createMemoryRouter(createRoutes(services, routeActorsOf(actors)), { initialEntries: [url] });
  render(
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services, actors, router };
}

beforeEach(() => {
  fakeFetch.mockClear();
  localStorage.clear();
});
afterEach(cleanup);

describe('the /profile guard', () => {
  it('sends an anonymous visitor to sign in, coming back to the asked page, and renders nothing of it', async () => {
    const identity = fakeIdentity(null);
    const { actors } = renderApp('/profile/orders/42?page=2', identity);
    await waitFor(() => expect(identity.signinRedirect).toHaveBeenCalledWith({ returnTo: '/profile/orders/42?page=2' }));
    expect(actors.session.getSnapshot().matches('signingIn')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Order details' })).toBeNull();
  });

  it('renders the account pages for a signed-in user', async () => {
    renderApp('/profile/account-information', fakeIdentity(user));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account information' }, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the signed-in user on the account index, with Change Password and Logout', async () => {
    const identity = fakeIdentity(user);
    renderApp('/profile', identity);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Account' })).toBeTruthy();
    expect(await screen.findByText('Demo Shopper')).toBeTruthy();
    expect(screen.getByText('demo@ridgeline.example')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Change Password' }).click());
    await waitFor(() =>
      expect(identity.signinRedirect).toHaveBeenCalledWith({ returnTo: '/profile', action: 'UPDATE_PASSWORD' }),
    );
  });

  it('an unverified address says "Email not verified — resend"; the claims are read again and a verification since clears it', async () => {
    const unverified: SessionUser = { ...user, claims: { sub: 'u1', email: 'demo@ridgeline.example', email_verified: false } };
    const identity = fakeIdentity(unverified);
    let renew: (renewed: SessionUser) => void = () => {};
    identity.signinSilent.mockImplementation(() => new Promise<SessionUser>((resolve) => (renew = resolve)));
    renderApp('/profile', identity);
    const resend = await screen.findByRole('link', { name: 'resend' });
    // Under the address, in the spec's words.
    expect(resend.closest('dd')?.textContent).toMatch(/^demo@ridgeline\.example.*Email not verified — resend$/);
    // The embedded provider's page that mails a new link, with the address filled in.
    expect(resend.getAttribute('href')).toBe(
      `${window.location.origin}/auth/verify-email/resend?email=${encodeURIComponent('demo@ridgeline.example')}`,
    );
    // Showing it asks for fresh claims (a renewal); the shopper verified meanwhile.
    await waitFor(() => expect(identity.signinSilent).toHaveBeenCalledTimes(1));
    await act(async () => renew({ ...unverified, accessToken: 'token-1', claims: { ...unverified.claims, email_verified: true } }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'resend' })).toBeNull());
    expect(screen.queryByText(/Email not verified/)).toBeNull();
  });

  it('Logout signs out through the provider', async () => {
    const identity = fakeIdentity(user);
    renderApp('/profile', identity);
    const logout = await screen.findByRole('button', { name: 'Logout' });
    act(() => logout.click());
    await waitFor(() => expect(identity.signoutRedirect).toHaveBeenCalledTimes(1));
  });
});

describe('/register', () => {
  it('signed in: warns and goes home', async () => {
    const identity = fakeIdentity(user);
    const { router } = renderApp('/register', identity);
    expect(await screen.findByText(SESSION_TEXTS.alreadyRegistered)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(identity.signinRedirect).not.toHaveBeenCalled();
  });

  it('signed out: goes to the provider registration page (prompt=create)', async () => {
    const identity = fakeIdentity(null);
    renderApp('/register', identity);
    await waitFor(() => expect(identity.signinRedirect).toHaveBeenCalledWith({ returnTo: '/', prompt: 'create' }));
  });
});

describe('/auth/callback', () => {
  it('completes the sign-in, merges the guest cart and lands on the page the user came from', async () => {
    localStorage.setItem('guestToken', GUEST_TOKEN);
    const identity = fakeIdentity(null);
    const { router, actors } = renderApp('/auth/callback?code=abc&state=xyz', identity);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(identity.signinCallback).toHaveBeenCalledWith('http://localhost/auth/callback?code=abc&state=xyz');
    await waitFor(() => expect(actors.cart.getSnapshot()).toMatchObject({ value: 'ready', context: { owner: 'user' } }));
    const calls = fakeFetch.mock.calls.map(([input]) => `${(input as Request).method} ${new URL((input as Request).url).pathname}${new URL((input as Request).url).search}`);
    expect(calls).toContain(`POST /api/Cart/merge?guestId=${GUEST_TOKEN}`);
    expect(calls).toContain('GET /api/Cart');
    expect(localStorage.getItem('guestToken')).toBeNull();
    expect(await screen.findByText('Demo Shopper')).toBeTruthy();
  });

  it('a failed callback shows Sign-in failed and goes home', async () => {
    const identity = fakeIdentity(null);
    identity.signinCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    const { router } = renderApp('/auth/callback?code=abc&state=bad', identity);
    expect(await screen.findByText(SESSION_TEXTS.signInFailed)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('the header account icon', () => {
  it('is "Sign in" for a visitor and starts the sign-in, coming back to this page', async () => {
    const identity = fakeIdentity(null);
    renderApp('/about-us?tab=2', identity);
    const signIn = await screen.findByRole('button', { name: 'Sign in' });
    act(() => signIn.click());
    await waitFor(() => expect(identity.signinRedirect).toHaveBeenCalledWith({ returnTo: '/about-us?tab=2' }));
    expect(screen.queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('is the "Account" link to /profile for a signed-in user', async () => {
    const { actors } = renderApp('/about-us', fakeIdentity(user));
    await waitFor(() => expect(actors.session.getSnapshot().matches('authenticated')).toBe(true));
    // The header renders the new session after the machine reached it: wait for the page itself.
    expect((await screen.findByRole('link', { name: 'Account' })).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
