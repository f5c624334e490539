import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';
import { cartItems, carts, dealers, orders, payments, skus } from '../../server/src/db/schema';
import { SANDBOX_TEST_CARDS, type SandboxGateway } from '../../server/src/payments/sandbox-gateway';

/** Shared helpers of the cart, checkout and order suites (real server, real database). */

/** The sandbox's test cards by outcome (server/src/payments/sandbox-gateway.ts). */
export type TestCard = keyof typeof SANDBOX_TEST_CARDS;

export interface CallOptions extends Omit<RequestInit, 'body'> {
  token?: string;
  guest?: string;
  json?: unknown;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export function client(server: Pick<TestServer, 'api' | 'baseUrl'>) {
  const call = async (url: string, init: CallOptions = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.guest) headers.set('x-guest-id', init.guest);
    let body: string | undefined;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { ...init, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const api = (path: string, init: CallOptions = {}) => call(`${server.api}${path}`, init);

  return {
    api,
    /** A new guest; with lines, a cart holding them. */
    async guest(lines: { productId: string; quantity: number }[] = []) {
      const token = (await api('/Auth/guest', { method: 'POST' })).body.guestToken as string;
      if (lines.length) {
        const added = await api(`/Cart/guest/${token}/items`, { method: 'POST', json: lines });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
      }
      const cart = (await api(`/Cart/guest/${token}`)).body;
      return { token, cartId: cart.id as number, cart };
    },
    /**
     * A one-time card token from the sandbox tokenizer, as the checkout page gets one: the only
     * kind the sandbox charges, once (decision 028; there is no fixed test token). A test card
     * by outcome (`approved`, `declined`, `processingError`) or any card number; approved by
     * default. Tokenizations are rate limited (FORM_RATE_LIMIT x 6 a minute per address: 120 by
     * default; a suite that needs more starts its server with a higher FORM_RATE_LIMIT).
     */
    async cardToken(card: TestCard | string = 'approved') {
      const number = card in SANDBOX_TEST_CARDS ? SANDBOX_TEST_CARDS[card as TestCard] : card;
      const res = await call(`${server.baseUrl}/payments-sandbox/v1/tokens`, {
        method: 'POST',
        json: { number, month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' },
      });
      expect(res.status, `tokenizing ${number}: ${JSON.stringify(res.body)}${res.status === 429 ? ' (raise FORM_RATE_LIMIT for this server)' : ''}`).toBe(200);
      return res.body.id as string;
    },
    tokenize: (card: Record<string, unknown>) =>
      call(`${server.baseUrl}/payments-sandbox/v1/tokens`, { method: 'POST', json: card }),
  };
}

export const billing = (overrides: Record<string, unknown> = {}) => ({
  email: 'pat.buyer@example.com',
  name: 'Pat Buyer',
  mainContact: '(512) 555-0199',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'United States',
  shippingSameAsBilling: true,
  shippingMethodId: 1,
  ...overrides,
});

export const dealer = (overrides: Record<string, unknown> = {}) => ({
  dealerName: 'Lone Star Arms Transfer',
  dealerAddress: '200 E 6th St',
  dealerEmail: 'transfers@lonestar.example',
  dealerPhone: '(512) 555-0111',
  dealerCity: 'Austin',
  dealerState: 'TX',
  dealerZip: '78701',
  dealerCountry: 'United States',
  ...overrides,
});

/** A dealer of the shop's list, as `addDealer` writes it unless told otherwise. */
export type DealerRecord = typeof dealers.$inferInsert;

let dealerCount = 0;

/**
 * Adds a listed dealer to the server's database and answers its id (the contract's Dealer id,
 * what an FFL checkout sends as `dealerId`, decision 029). By default it is the `dealer()`
 * fixture's dealer in Austin with a licence good for years; overrides make it another state, an
 * inactive one or one whose licence has expired.
 */
export async function addDealer(server: TestServer, overrides: Partial<DealerRecord> = {}): Promise<number> {
  dealerCount += 1;
  const [row] = await server.database.db
    .insert(dealers)
    .values({
      id: `test-dealer-${process.pid}-${dealerCount}-${Date.now()}`,
      name: 'Lone Star Arms Transfer',
      phoneNumber: '(512) 555-0111',
      address1: '200 E 6th St',
      address2: 'Austin, TX 78701',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      latitude: 30.2672,
      longitude: -97.7431,
      email: 'transfers@lonestar.example',
      licenceNumber: '5-74-453-01-9L-24680',
      licenceExpires: `${new Date().getUTCFullYear() + 3}-12-01`,
      ...overrides,
    })
    .returning({ number: dealers.number });
  return row.number;
}

/**
 * A listed dealer at the address of `dealer(overrides)` (the spec's dealer fields): where a test
 * once typed a dealer, it now chooses this one by id, and the order reads it from the record.
 */
export async function addDealerLike(server: TestServer, overrides: Record<string, unknown> = {}): Promise<number> {
  const info = dealer(overrides);
  return addDealer(server, {
    name: info.dealerName,
    address1: info.dealerAddress,
    address2: `${info.dealerCity}, ${info.dealerState} ${info.dealerZip}`,
    city: info.dealerCity,
    state: info.dealerState,
    postalCode: info.dealerZip,
    email: info.dealerEmail,
    phoneNumber: info.dealerPhone,
  });
}

export const sandboxOf = (server: TestServer) => server.app.paymentGateway as SandboxGateway;

/** Charges of the sandbox for one cart (its description names the cart). */
export const chargesFor = (server: TestServer, cartId: number) =>
  sandboxOf(server)
    .listCharges()
    .filter((c) => c.description === `Ridgeline Arms cart ${cartId}`);

export async function stockOf(server: TestServer, sku: string): Promise<number> {
  const [row] = await server.database.db.select().from(skus).where(eq(skus.sku, sku));
  return row.qtyOnHand;
}

export async function setStock(server: TestServer, sku: string, qty: number): Promise<void> {
  await server.database.db.update(skus).set({ qtyOnHand: qty }).where(eq(skus.sku, sku));
}

/** What a refused checkout must leave as it was: the cart, its lines, orders and payments. */
export async function cartState(server: TestServer, cartId: number) {
  const db = server.database.db;
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
  const lines = await db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  const orderRows = await db.select().from(orders).where(eq(orders.cartId, cartId));
  const paymentRows = await db.select().from(payments).where(eq(payments.cartId, cartId));
  return {
    status: cart.status,
    claimed: cart.checkoutStartedAt !== null,
    lines: lines.map((l) => `${l.sku}x${l.quantity}`).sort(),
    orders: orderRows.length,
    captured: paymentRows.filter((p) => p.status === 'captured').length,
  };
}
