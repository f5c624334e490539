import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { mailOutbox } from '../../server/src/db/schema';
import { orderLinkKey, signOrderLink } from '../../server/src/checkout/order-link';
import { billing, client } from './checkout-support';

/**
 * The confirmation mail's signed link (decision 032): `/confirm/{id}?t={token}` reads that one
 * order in any browser for 30 days; a forged, expired or other order's token is the 404 of an
 * unknown order, and the token is no credential for anything else.
 */

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

/** A guest order of one item, and the token of its confirmation mail's link. */
async function guestOrder() {
  const email = uniqueEmail('link.buyer');
  const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
  const placed = await c.api('/Checkout/simplified', {
    method: 'POST',
    guest: g.token,
    json: { cartId: g.cartId, customerInfo: billing({ email }), paymentToken: await c.cardToken() },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const id = placed.body.orderId as number;
  const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
  const link = new RegExp(`${server.app.config.PUBLIC_URL}/confirm/${id}\\?t=([A-Za-z0-9._-]+)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(`/confirm/${id}?t=${link![1]}`);
  return { id, guest: g.token, token: link![1] };
}

describe("the confirmation mail's order link", () => {
  it('links to /confirm/{id}?t= and the token reads the order without the guest id or a bearer token', async () => {
    const order = await guestOrder();
    const own = await c.api(`/Order/${order.id}`, { guest: order.guest });
    expect(own.status).toBe(200);

    const anywhere = await c.api(`/Order/${order.id}?t=${order.token}`);
    expect(anywhere.status, JSON.stringify(anywhere.body)).toBe(200);
    expect(anywhere.body).toEqual(own.body);
    const res = await fetch(`${server.api}/Order/${order.id}?t=${order.token}`);
    expect(res.headers.get('cache-control')).toBe('no-store');

    // Another browser has its own guest id, or somebody else is signed in there: the link still opens it.
    const otherGuest = await c.guest();
    expect((await c.api(`/Order/${order.id}?t=${order.token}`, { guest: otherGuest.token })).body).toEqual(own.body);
    const stranger = await register(server, { firstName: 'Lena', lastName: 'Link', email: uniqueEmail('lena'), password: 'lena-password' });
    expect((await c.api(`/Order/${order.id}?t=${order.token}`, { token: stranger.accessToken })).status).toBe(200);
    // The owner's own credentials still work with or without the token.
    expect((await c.api(`/Order/${order.id}?t=${order.token}`, { guest: order.guest })).status).toBe(200);
  });

  it('a forged, expired, foreign-key or other order\'s token is the same 404 as an unknown order', async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const key = await orderLinkKey(server.app.db);
    const [, expires, mac] = first.token.split('.');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const unknown = await c.api(`/Order/999999?t=${first.token}`);
    const refused = [
      await c.api(`/Order/${first.id}`), // no token: a guest order does not show it exists
      await c.api(`/Order/${first.id}?t=`),
      await c.api(`/Order/${first.id}?t=${second.token}`), // the other order's token
      await c.api(`/Order/${second.id}?t=${first.token}`),
      await c.api(`/Order/${first.id}?t=${first.id}.${expires}.${flipped}`), // forged signature
      await c.api(`/Order/${first.id}?t=${first.id}.${Number(expires) + 86_400}.${mac}`), // extended expiry
      await c.api(`/Order/${second.id}?t=${second.id}.${expires}.${mac}`), // signature moved to another order
      await c.api(`/Order/${first.id}?t=${signOrderLink(key, first.id, Date.now() - 1000)}`), // expired
      await c.api(`/Order/${first.id}?t=${signOrderLink('not-this-servers-key', first.id)}`),
      await c.api(`/Order/${first.id}?t=not-a-token`),
    ];
    expect(unknown.status).toBe(404);
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => 404));
    for (const r of refused) expect(r.body).toEqual(unknown.body);
    expect(unknown.body.message).toBe('Order not found');
    // A token signed just now for the order, as the mail's, does open it.
    expect((await c.api(`/Order/${first.id}?t=${signOrderLink(key, first.id)}`)).status).toBe(200);
  });

  it('grants nothing but reading that order', async () => {
    const order = await guestOrder();
    // Not a guest id: as X-Guest-Id it reads no order and no cart.
    expect((await c.api(`/Order/${order.id}`, { guest: order.token })).status).toBe(404);
    expect((await c.api(`/Cart/guest/${encodeURIComponent(order.token)}`)).status).not.toBe(200);
    // Not a credential for the order list or for checkout.
    expect((await c.api(`/Order?t=${order.token}`)).status).toBe(401);
    const checkout = await c.api(`/Checkout/simplified?t=${order.token}`, {
      method: 'POST',
      json: { cartId: 1, customerInfo: billing(), paymentToken: 'tok' },
    });
    expect([400, 401, 404]).toContain(checkout.status);
  });
});
