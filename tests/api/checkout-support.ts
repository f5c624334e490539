import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from '../support/test-server';
import { cartItems, carts, orders, payments, skus } from '../../server/src/db/schema';
import type { SandboxGateway } from '../../server/src/payments/sandbox-gateway';

/** Shared helpers of the cart, checkout and order suites (real server, real database). */

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

export function client(server: TestServer) {
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
    /** A one-time card token from the sandbox tokenizer. */
    async cardToken(number = '4242424242424242') {
      const res = await call(`${server.baseUrl}/payments-sandbox/v1/tokens`, {
        method: 'POST',
        json: { number, month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
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
