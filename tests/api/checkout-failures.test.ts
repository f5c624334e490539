import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { orders, payments } from '../../server/src/db/schema';
import { billing, cartState, chargesFor, client, sandboxOf, setStock, stockOf } from './checkout-support';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const checkout = (body: Record<string, unknown>, guest: string, headers: Record<string, string> = {}) =>
  c.api('/Checkout/simplified', { method: 'POST', json: body, guest, headers });

/** A real database failure at the order write: a trigger refusing inserts into orders. */
async function breakOrderWrites() {
  const db = server.database.db;
  await db.execute(sql.raw(`create or replace function refuse_orders() returns trigger language plpgsql as $$
    begin raise exception 'orders are refused by the test'; end $$`));
  await db.execute(sql.raw('create trigger refuse_orders before insert on orders for each row execute function refuse_orders()'));
}
async function repairOrderWrites() {
  await server.database.db.execute(sql.raw('drop trigger if exists refuse_orders on orders'));
}
afterEach(repairOrderWrites);

describe('the last unit in stock', () => {
  it('is sold once when two carts race for it; the loser gets 409 and keeps its money', async () => {
    await setStock(server, 'CASE42-ODG', 1);
    const a = await c.guest([{ productId: 'CASE42-ODG', quantity: 1 }]);
    const b = await c.guest([{ productId: 'CASE42-ODG', quantity: 1 }]);
    const [ra, rb] = await Promise.all([
      checkout({ cartId: a.cartId, customerInfo: billing(), paymentToken: await c.cardToken() }, a.token),
      checkout({ cartId: b.cartId, customerInfo: billing(), paymentToken: await c.cardToken() }, b.token),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? { res: ra, cart: a } : { res: rb, cart: b };
    expect(loser.res.body.message).toContain('Ridgeline 42 in. Rifle Case');
    expect(await stockOf(server, 'CASE42-ODG')).toBe(0);
    const sold = await server.database.db.select().from(orders).where(eq(orders.cartId, ra.status === 200 ? a.cartId : b.cartId));
    expect(sold).toHaveLength(1);
    // The loser was either stopped before its charge or had the charge voided.
    expect(await cartState(server, loser.cart.cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0, claimed: false });
    expect(chargesFor(server, loser.cart.cartId).filter((ch) => ch.status === 'captured')).toEqual([]);
  });
});

describe('a charge whose order cannot be written', () => {
  it('is voided: 500, no order, cart and stock as they were, the payment recorded as voided', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const stock = await stockOf(server, 'CASE42-BLK');
    await breakOrderWrites();
    const res = await checkout({ cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken() }, g.token);
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('Your card has not been charged');
    expect(await cartState(server, g.cartId)).toEqual({ status: 'open', claimed: false, lines: ['CASE42-BLKx1'], orders: 0, captured: 0 });
    expect(await stockOf(server, 'CASE42-BLK')).toBe(stock);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.cartId, g.cartId));
    expect(payment).toMatchObject({ status: 'voided', orderId: null });
    expect(payment.message).toContain('orders are refused by the test');
    expect(chargesFor(server, g.cartId).map((ch) => ch.status)).toEqual(['voided']);

    // Repaired, the shopper orders with a new card entry.
    await repairOrderWrites();
    const ok = await checkout({ cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken() }, g.token);
    expect(ok.status).toBe(200);
    expect(await stockOf(server, 'CASE42-BLK')).toBe(stock - 1);
  });

  it('is recorded for recovery when the void fails too, and a retry completes the order with that charge', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const gateway = sandboxOf(server);
    const voidCharge = gateway.void;
    gateway.void = async () => {
      throw new Error('the gateway is down');
    };
    try {
      await breakOrderWrites();
      const body = { cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken() };
      const key = crypto.randomUUID();
      const res = await checkout(body, g.token, { 'idempotency-key': key });
      expect(res.status).toBe(500);
      const [payment] = await server.database.db.select().from(payments).where(eq(payments.cartId, g.cartId));
      expect(payment).toMatchObject({ status: 'captured', orderId: null });
      expect(payment.message).toMatch(/^RECOVERY NEEDED/);
      expect(res.body.message).toContain(payment.id);

      // The retry of the same attempt finds the captured charge and writes the order with it.
      await repairOrderWrites();
      const retry = await checkout(body, g.token, { 'idempotency-key': key });
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      const [linked] = await server.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(linked).toMatchObject({ orderId: retry.body.orderId, status: 'captured', message: 'recovered: order written by a retry' });
      expect(chargesFor(server, g.cartId).filter((ch) => ch.status === 'captured')).toHaveLength(1);
    } finally {
      gateway.void = voidCharge;
    }
  });
});
