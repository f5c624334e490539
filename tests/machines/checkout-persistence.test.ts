import { describe, expect, it } from 'vitest';
import type { CardValues, Cart } from '../../machines/checkout/checkout.types';
import {
  CHECKOUT_SNAPSHOT_MAX_AGE_MS,
  CHECKOUT_SNAPSHOT_VERSION,
  checkoutFromStore,
  checkoutToStore,
} from '../../machines/checkout/checkout.persistence';
import { california, dealer, guestCart, idaho, item, startCheckout } from './checkout-support';

/**
 * The checkout survives a reload (issue 18 item 4, decision 040): what the stored snapshot keeps
 * and what it never does, and which stored snapshots are dropped.
 */

const rifle = item({ id: 11, productName: 'Ridgeline Rifle', isFflItem: true, price: 1299, productPrice: 1299 });
const cart: Cart = guestCart({ items: [rifle], subTotal: 1299, totalAmount: 1299 });
const computed: Cart = { ...cart, shipping: 9.95, totalAmount: 1308.95 };
const card: CardValues = { cardNumber: '4111 1111 1111 1111', month: '12', year: '2031', cardCode: '987' };
const NOW = Date.UTC(2026, 10, 26, 12);

function stored(sut: ReturnType<typeof startCheckout>, owner = 'guest', now = NOW) {
  return checkoutToStore(sut.actor.getSnapshot(), sut.actor.getPersistedSnapshot(), { owner, now });
}

async function atPayment() {
  const sut = startCheckout(cart);
  sut.actor.send({ type: 'dealer.chosen', dealer });
  sut.actor.send({ type: 'billing.submit', billing: idaho });
  await sut.fakes.resolve('computeCart', computed);
  expect(sut.actor.getSnapshot().value).toBe('payment');
  return sut;
}

describe('checkout persistence: what is kept', () => {
  it('nothing before the shopper typed or chose anything', () => {
    const sut = startCheckout(cart);
    expect(stored(sut)).toBeNull();
    sut.actor.stop();
  });

  it('the billing step keeps the draft and the dealer, and is restored on the billing step', () => {
    const sut = startCheckout(cart);
    const typing = { ...idaho, city: 'Boi' };
    sut.actor.send({ type: 'billing.draft', billing: typing });
    sut.actor.send({ type: 'dealer.chosen', dealer });
    const raw = stored(sut);
    sut.actor.stop();
    const snapshot = checkoutFromStore(raw, { owner: 'guest', now: NOW + 60_000 }) as unknown as {
      value: string;
      context: { draft: unknown; billing: unknown; dealer: unknown };
    };
    expect(snapshot.value).toBe('billing');
    expect(snapshot.context.draft).toEqual(typing);
    expect(snapshot.context.billing).toBeNull();
    expect(snapshot.context.dealer).toEqual(dealer);

    const restored = startCheckout(cart, undefined, snapshot as never);
    expect(restored.actor.getSnapshot().value).toBe('billing');
    expect(restored.actor.getSnapshot().context.draft).toEqual(typing);
    restored.actor.stop();
  });

  it('past billing it is stored as resuming, with nothing computed and never the card or its token', async () => {
    const sut = await atPayment();
    sut.actor.send({ type: 'payment.submit', card });
    await sut.fakes.resolve('tokenizeCard', 'tok_secret_one_time');
    expect(sut.actor.getSnapshot().matches({ placingOrder: 'submitting' })).toBe(true);
    const raw = stored(sut)!;
    sut.actor.stop();
    // Every value stored, as text: the card's number, code and token are none of them, and no key
    // names them. (Not a search of the raw text: the random attempt key may hold '987'.)
    const values = primitivesOf(JSON.parse(raw));
    expect(values.filter((value) => value.replace(/\s/g, '').includes('4111111111111111'))).toEqual([]);
    expect(values).not.toContain(card.cardCode);
    expect(values.filter((value) => value.includes('tok_secret_one_time'))).toEqual([]);
    expect(raw).not.toMatch(/cardNumber|cardCode/);
    const snapshot = JSON.parse(raw).snapshot;
    expect(snapshot.value).toBe('resuming');
    expect(Object.keys(snapshot.children)).toEqual(['fflDealer']);
    expect(snapshot.context).toMatchObject({ cart: null, computedCart: null, paymentToken: null, billing: idaho, dealer });
    // The attempt's key stays: an order whose outcome was unknown is retried under the same key.
    expect(snapshot.context.attemptKey).toMatch(/^checkout-[0-9a-f]{32}$/);
  });

  it('the restored checkout checks the current cart again and computes before payment', async () => {
    const sut = await atPayment();
    const raw = stored(sut);
    sut.actor.stop();
    const restored = startCheckout(cart, undefined, checkoutFromStore(raw, { owner: 'guest', now: NOW })!);
    expect(restored.actor.getSnapshot().value).toBe('resuming');
    restored.actor.send({ type: 'checkout.cart.updated', cart });
    expect(restored.actor.getSnapshot().value).toBe('computing');
    expect(restored.fakes.callsOf('computeCart')).toEqual([{ cartId: 5, guestToken: 'gid_guest', billing: idaho, dealer }]);
    await restored.fakes.resolve('computeCart', computed);
    expect(restored.actor.getSnapshot().value).toBe('payment');
    restored.actor.stop();
  });

  it('a restored checkout whose address is now restricted opens the modal, not payment', async () => {
    const sut = startCheckout(cart);
    sut.actor.send({ type: 'dealer.chosen', dealer });
    sut.actor.send({ type: 'billing.submit', billing: california });
    await sut.fakes.resolve('computeCart', computed);
    const raw = stored(sut);
    sut.actor.stop();
    const restored = startCheckout(cart, undefined, checkoutFromStore(raw, { owner: 'guest', now: NOW })!);
    const restrictedNow = guestCart({ items: [{ ...rifle, restrictedStates: ['ID'] }] });
    restored.actor.send({ type: 'checkout.cart.updated', cart: restrictedNow });
    expect(restored.actor.getSnapshot().value).toBe('restricted');
    expect(restored.emitted).toContainEqual({ type: 'notification.show', kind: 'error', text: 'Restricted Items in Cart' });
    restored.actor.stop();
  });

  it('a finished checkout is not kept', async () => {
    const sut = await atPayment();
    sut.actor.send({ type: 'payment.submit', card });
    await sut.fakes.resolve('tokenizeCard', 'tok_1');
    await sut.fakes.resolve('placeOrder', { orderId: 7, cart: null });
    expect(sut.actor.getSnapshot().status).toBe('done');
    expect(stored(sut)).toBeNull();
    sut.actor.stop();
  });
});

describe('checkout persistence: stale or corrupt snapshots are dropped', async () => {
  const sut = await atPayment();
  const raw = stored(sut)!;
  sut.actor.stop();
  // The stored JSON as the tests tamper with it (any shape goes).
  type Stored = { version: number; snapshot: { value: string; context: Record<string, unknown> & { dealer: Partial<typeof dealer> }; children: Record<string, unknown> } };
  const edit = (change: (stored: Stored) => void) => {
    const copy = JSON.parse(raw);
    change(copy);
    return JSON.stringify(copy);
  };

  it('reads back for the same owner within a day', () => {
    expect(checkoutFromStore(raw, { owner: 'guest', now: NOW + CHECKOUT_SNAPSHOT_MAX_AGE_MS })).not.toBeNull();
  });

  it.each([
    ['nothing stored', null, 'guest', NOW],
    ['not JSON', '{"version":', 'guest', NOW],
    ['another owner (signed in since, or someone else)', raw, 'user-1', NOW],
    ['older than a day', raw, 'guest', NOW + CHECKOUT_SNAPSHOT_MAX_AGE_MS + 1],
    ['saved in the future', raw, 'guest', NOW - 1],
    ['another version of the machine', edit((s) => (s.version = CHECKOUT_SNAPSHOT_VERSION + 1)), 'guest', NOW],
    ['a state that is not restorable', edit((s) => (s.snapshot.value = 'payment')), 'guest', NOW],
    ['a computed cart slipped in', edit((s) => (s.snapshot.context.computedCart = cart)), 'guest', NOW],
    ['a card field slipped in', edit((s) => (s.snapshot.context.card = card)), 'guest', NOW],
    ['billing of the wrong shape', edit((s) => (s.snapshot.context.billing = { email: 5 })), 'guest', NOW],
    ['a dealer without an id', edit((s) => delete s.snapshot.context.dealer.dealerId), 'guest', NOW],
    ['a forged attempt key', edit((s) => (s.snapshot.context.attemptKey = 'mine')), 'guest', NOW],
    ['another child actor', edit((s) => (s.snapshot.children.placeOrder = { src: 'placeOrder', snapshot: { status: 'active' } })), 'guest', NOW],
  ])('%s', (_, value, owner, now) => {
    expect(checkoutFromStore(value, { owner, now })).toBeNull();
  });
});

/** Every string, number and boolean in a JSON value, as text. */
function primitivesOf(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object') return [String(value)];
  return Object.values(value as Record<string, unknown>).flatMap(primitivesOf);
}
