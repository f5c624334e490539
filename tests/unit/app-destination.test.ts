// Where the shopper ships, as the app wires it (decision 030): the signed-in customer's default
// shipping address reaches the cart when the profile loads; the destination checkout accepted is
// kept in session storage for the visit and read back at the next page load; sign-out forgets it.
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESTINATION_KEY } from '../../machines/cart/cart.types';
import type { SessionClient, SessionUser } from '../../machines/session/session.types';
import { createAppServices } from '../../src/services/app-services';
import { createAppActors, readStoredDestination } from '../../src/app/app-actors';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

const user: SessionUser = { accessToken: 'token-1', expiresAt: 2_000_000_000, expired: false, renewable: true, claims: { sub: 'u1' } };
const address = (overrides: Record<string, unknown>) => ({
  id: 1, firstName: 'Demo', lastName: 'Shopper', company: null, mainContact: '2085550142', faxContact: null,
  addressName: 'Home', addressContact: null, addressType: 10, addressLine1: '1 Main St', addressLine2: null,
  city: 'Boise', state: 'ID', postalCode: '83702', country: 'United States', isDefaultShipping: false,
  isDefaultBilling: false, residential: true, ...overrides,
});
const profile = {
  keycloakId: 'u1', fullName: 'Demo Shopper', firstName: 'Demo', lastName: 'Shopper', email: 'demo@ridgeline.example',
  phoneNumber: null, orders: [],
  addresses: [address({}), address({ id: 2, city: 'Sacramento', state: 'CA', postalCode: '95814-4801', isDefaultShipping: true })],
};
const cart = {
  id: 1, userId: 'u1', guestId: null, isAbandoned: false, isGuest: false, items: [],
  subTotal: 0, taxAmount: 0, shipping: 0, discount: 0, totalAmount: 0, discountAmount: 0, appliedDiscounts: [],
};

const fakeFetch = vi.fn(async (input: RequestInfo | URL) => {
  const request = input as Request;
  const path = new URL(request.url).pathname;
  if (path === '/api/User/profile') return Response.json(profile);
  if (path === '/api/Cart') return Response.json(cart);
  return Response.json({ status: 404, title: 'Not Found', message: path }, { status: 404 });
});

function identity(signedIn: SessionUser | null): SessionClient {
  return {
    getUser: async () => signedIn,
    signinRedirect: async () => {},
    signinCallback: async () => ({ user, returnTo: '/' }),
    signinSilent: async () => user,
    signoutRedirect: async () => {},
    removeUser: async () => {},
    subscribe: () => () => {},
    getAccessToken: () => signedIn?.accessToken,
  };
}

function start(signedIn: SessionUser | null) {
  const services = createAppServices({
    settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' },
    fetch: fakeFetch as typeof fetch,
    identity: identity(signedIn),
  });
  return createAppActors(services, { scrollToTop: () => {} });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  sessionStorage.clear();
});

describe('the shopper destination in the app (decision 030)', () => {
  it("a signed-in customer's default shipping address reaches the cart when the profile loads", async () => {
    const actors = start(user);
    await waitFor(() => expect(actors.cart.getSnapshot().context.destination).toEqual({ state: 'CA', zip: '95814', source: 'profile' }));
    // The profile's address is not written to session storage: it is read again with the profile.
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBeNull();
  });

  it('the destination checkout accepted is kept for the visit and read back at the next page load', () => {
    const first = start(null);
    first.cart.send({ type: 'cart.destination.chosen', destination: { state: 'CA', zip: '95814' } });
    expect(JSON.parse(sessionStorage.getItem(DESTINATION_KEY)!)).toEqual({ state: 'CA', zip: '95814' });
    const next = start(null);
    expect(next.cart.getSnapshot().context.destination).toEqual({ state: 'CA', zip: '95814', source: 'checkout' });
  });

  it('this visit’s checkout address wins over the profile default arriving after a reload', async () => {
    sessionStorage.setItem(DESTINATION_KEY, JSON.stringify({ state: 'ID', zip: '83702' }));
    const actors = start(user);
    await waitFor(() => expect(actors.session.getSnapshot().matches({ authenticated: { profile: 'loaded' } })).toBe(true));
    expect(actors.cart.getSnapshot().context.destination).toEqual({ state: 'ID', zip: '83702', source: 'checkout' });
  });

  it('sign-out forgets the destination and its stored copy', () => {
    const actors = start(null);
    actors.cart.send({ type: 'cart.destination.chosen', destination: { state: 'CA', zip: '95814' } });
    actors.cart.send({ type: 'cart.reset' });
    expect(actors.cart.getSnapshot().context.destination).toBeNull();
    expect(sessionStorage.getItem(DESTINATION_KEY)).toBeNull();
  });

  it('reads nothing from storage it cannot trust', () => {
    for (const stored of ['not json', '{"state":"California","zip":"95814"}', '{"state":"CA","zip":"9581"}', '[1]', 'null']) {
      sessionStorage.setItem(DESTINATION_KEY, stored);
      expect(readStoredDestination()).toBeNull();
    }
    sessionStorage.setItem(DESTINATION_KEY, '{"state":"CA","zip":"95814","street":"ignored"}');
    expect(readStoredDestination()).toEqual({ state: 'CA', zip: '95814' });
  });
});
