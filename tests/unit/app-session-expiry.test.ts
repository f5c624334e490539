// The cart when a session ends without a sign-out (issue 18, decision 035 addendum), as the app
// wires it: the session's renewal fails, the banner says so, and the shopper keeps the lines of
// their cart in a new guest cart; signing in again adds only what that guest cart has beyond them.
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CARRIED_LINES_KEY, GUEST_TOKEN_KEY, USER_LINES_KEY, type CartLineInput } from '../../machines/cart/cart.types';
import { SESSION_TEXTS, type SessionClient, type SessionUser } from '../../machines/session/session.types';
import { createAppServices } from '../../src/services/app-services';
import { createAppActors, readStoredLines } from '../../src/app/app-actors';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

const NEW_TOKEN = 'gid_unit-test-carried-guest-0001';
const user: SessionUser = { accessToken: 'token-1', expiresAt: 2_000_000_000, expired: false, renewable: true, claims: { sub: 'u1' } };
const expiredUser: SessionUser = { ...user, accessToken: 'token-0', expired: true };
const tee: CartLineInput = { productId: 'RA-TEE-BLK-M', quantity: 1, options: [{ label: 'Size', value: 'M' }], optionIds: ['12'] };
const cap: CartLineInput = { productId: 'RA-CAP-OD', quantity: 1, options: [], optionIds: [] };

const item = (line: CartLineInput, id: number) => ({
  id, productId: line.productId, productName: line.productId, productPrice: 20, price: 20, quantity: line.quantity,
  options: line.options ?? [], optionIds: line.optionIds ?? [], imageUrl: null, productUrl: '/p', isFflItem: false,
  isReceiverItem: false, buildId: null, notes: null, restrictedStates: [], restrictedZips: [],
});
const cart = (lines: CartLineInput[], guestId: string | null) => ({
  id: guestId ? 8 : 9, userId: guestId ? null : 'u1', guestId, isAbandoned: false, isGuest: guestId !== null,
  items: lines.map((line, index) => item(line, index + 1)),
  subTotal: 0, taxAmount: 0, shipping: 0, discount: 0, totalAmount: 0, discountAmount: 0, appliedDiscounts: [],
});

/** The server as far as these tests go: a guest cart and a user cart, each a list of lines. */
function fakeServer({ refuse = [] as string[] } = {}) {
  const carts = { guest: [] as CartLineInput[], user: [tee] };
  const calls: string[] = [];
  const add = (into: CartLineInput[], lines: CartLineInput[]) => {
    for (const line of lines) {
      const same = into.find((other) => other.productId === line.productId);
      if (same) same.quantity += line.quantity;
      else into.push({ ...line });
    }
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    calls.push(`${request.method} ${path}`);
    const body = request.method === 'POST' ? ((await request.clone().json().catch(() => null)) as CartLineInput[] | null) : null;
    switch (`${request.method} ${path}`) {
      case 'POST /Auth/guest':
        return Response.json({ guestToken: NEW_TOKEN });
      case `GET /Cart/guest/${NEW_TOKEN}`:
        return Response.json(cart(carts.guest, NEW_TOKEN));
      case `POST /Cart/guest/${NEW_TOKEN}/items`:
      case 'POST /Cart/items': {
        if (body!.some((line) => refuse.includes(line.productId))) {
          return Response.json({ status: 409, title: 'Conflict', message: 'Sorry, it is out of stock' }, { status: 409 });
        }
        const into = path === '/Cart/items' ? carts.user : carts.guest;
        add(into, body!);
        return Response.json(cart(into, path === '/Cart/items' ? null : NEW_TOKEN));
      }
      case 'GET /Cart':
        return Response.json(cart(carts.user, null));
      case 'GET /User/profile':
        return Response.json({ keycloakId: 'u1', fullName: 'D S', firstName: 'D', lastName: 'S', email: 'd@example.com', phoneNumber: null, addresses: [], orders: [] });
      default:
        return Response.json({ status: 404, title: 'Not Found', message: path }, { status: 404 });
    }
  });
  return { carts, calls, fetch };
}

function identity(stored: SessionUser | null, renew: () => Promise<SessionUser>): SessionClient {
  let current = stored;
  return {
    getUser: async () => current,
    signinRedirect: async () => {},
    signinCallback: async () => {
      current = user;
      return { user, returnTo: '/' };
    },
    signinSilent: renew,
    signoutRedirect: async () => {},
    removeUser: async () => {
      current = null;
    },
    subscribe: () => () => {},
    getAccessToken: () => (current && !current.expired ? current.accessToken : undefined),
  };
}

function start(server: ReturnType<typeof fakeServer>, client: SessionClient) {
  const services = createAppServices({
    settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' },
    fetch: server.fetch as typeof fetch,
    identity: client,
  });
  return createAppActors(services, { scrollToTop: () => {} });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('a session that cannot be renewed keeps the cart (issue 18)', () => {
  it("a reload whose renewal fails: the expiry text, and a new guest cart with the user's lines", async () => {
    // The tab signed in earlier and saw its cart (the session storage copy the cart keeps).
    sessionStorage.setItem(USER_LINES_KEY, JSON.stringify([tee]));
    const server = fakeServer();
    const actors = start(server, identity(expiredUser, async () => Promise.reject(new Error('invalid_grant'))));
    await waitFor(() => expect(actors.cart.getSnapshot()).toMatchObject({ value: 'ready', context: { owner: 'guest' } }));
    expect(actors.session.getSnapshot().matches('anonymous')).toBe(true);
    expect(server.carts.guest).toEqual([tee]);
    expect(actors.cart.getSnapshot().context.cart?.items.map((line) => line.productId)).toEqual(['RA-TEE-BLK-M']);
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBe(NEW_TOKEN);
    expect(readStoredLines(() => localStorage, CARRIED_LINES_KEY)).toEqual([tee]);
    expect(sessionStorage.getItem(USER_LINES_KEY)).toBeNull();
    expect(actors.notification.getSnapshot().context).toMatchObject({ kind: 'warning', text: SESSION_TEXTS.sessionExpired });
  });

  it('signing in again adds to the account only what the guest cart has beyond the carried lines (no merge doubling)', async () => {
    localStorage.setItem(GUEST_TOKEN_KEY, NEW_TOKEN);
    localStorage.setItem(CARRIED_LINES_KEY, JSON.stringify([tee]));
    const server = fakeServer();
    // As a guest the shopper added a cap to the carried tee.
    server.carts.guest = [{ ...tee }, { ...cap }];
    const actors = start(server, identity(user, async () => user));
    await waitFor(() => expect(actors.cart.getSnapshot()).toMatchObject({ value: 'ready', context: { owner: 'user' } }));
    expect(server.calls).not.toContain('POST /Cart/merge');
    expect(server.carts.user).toEqual([tee, cap]);
    expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(CARRIED_LINES_KEY)).toBeNull();
    // While signed in, the cart's lines are kept in this tab for the next expiry.
    expect(readStoredLines(() => sessionStorage, USER_LINES_KEY)).toEqual([tee, cap]);
  });

  it('a line the server refuses now (sold out) is left out; the others are carried', async () => {
    sessionStorage.setItem(USER_LINES_KEY, JSON.stringify([tee, cap]));
    const server = fakeServer({ refuse: ['RA-CAP-OD'] });
    const actors = start(server, identity(expiredUser, async () => Promise.reject(new Error('invalid_grant'))));
    await waitFor(() => expect(actors.cart.getSnapshot()).toMatchObject({ value: 'ready', context: { owner: 'guest' } }));
    expect(server.carts.guest).toEqual([tee]);
    expect(readStoredLines(() => localStorage, CARRIED_LINES_KEY)).toEqual([tee]);
  });

  it('reads no stored lines it cannot trust', () => {
    // Only the shape of a list of lines: the server checks each line again when it is added.
    for (const stored of ['not json', '{}', '[]', '[1]', '[null]', '[{"quantity":1}]', '[{"productId":1,"quantity":1}]']) {
      sessionStorage.setItem(USER_LINES_KEY, stored);
      expect(readStoredLines(() => sessionStorage, USER_LINES_KEY)).toBeNull();
    }
    sessionStorage.setItem(USER_LINES_KEY, JSON.stringify([tee]));
    expect(readStoredLines(() => sessionStorage, USER_LINES_KEY)).toEqual([tee]);
  });
});
