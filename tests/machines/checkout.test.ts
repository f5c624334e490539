import { describe, expect, it } from 'vitest';
import type { EventObject, Snapshot, SnapshotFrom } from 'xstate';
import { checkoutMachine, restrictedItemsFor } from '../../machines/checkout/checkout.machine';
import { checkoutFromStore, checkoutToStore } from '../../machines/checkout/checkout.persistence';
import type {
  BillingValues,
  Cart,
  CheckoutEmitted,
  CheckoutEvent,
  ChosenDealer,
  DealerValues,
  PlaceOrderInput,
} from '../../machines/checkout/checkout.types';
import { isBillingValid, isDealerValid } from '../../src/domain/checkout-forms';
import {
  byLabel,
  card,
  cart,
  changedCart,
  checkoutModel,
  computedCart,
  computedEmpty,
  computedRestricted,
  declined,
  emptiedCart,
  guestCartGone,
  labelOf,
  magazine,
  networkError,
  newCart,
  startCart,
  tokenizerError,
} from './checkout-model';
import { california, dealer, idaho, item, startCheckout } from './checkout-support';
import { createTimedTestModel, shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the checkout (shop-core.md sections 2, 4, 5, 8): every shortest path of
 * the machine, with its events and payloads listed below, is replayed against a real actor with
 * fake API and tokenizer actors. On every step of every path the safety properties of DESIGN.md
 * section 6 are checked: nothing reaches payment without a valid billing step, a clean
 * restricted-items check and a computed cart with items; no order is ever submitted twice.
 */

const invokes = ['computeCart', 'removeCartItems', 'applyPromoCode', 'tokenizeCard', 'placeOrder'] as const;

/** A short test title: the state reached and the events (by name) that lead there. */
function title(path: { state: { value: unknown }; steps: { event: { type: string } }[] }) {
  const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  return `${JSON.stringify(path.state.value).replaceAll('"', '')} via ${events.map(labelOf).join(' → ') || '(start)'}`;
}

const coverage = createTransitionCoverage(checkoutMachine);
type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

const startActor = (startWith: Cart = startCart) => startCheckout(startWith, coverage.inspect);

type Sut = ReturnType<typeof startActor>;
const hasFfl = (c: Cart | null) => !!c?.items.some((i) => i.isFflItem);
const PAYMENT_STATES = ['payment', 'applyingPromo', 'placingOrder', 'confirmed'];

/** DESIGN.md section 6, checked after every step of every path. */
function checkSafety({ actor, fakes }: Sut, settledOrders: { count: number }) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  if (PAYMENT_STATES.includes(top)) {
    // Never on payment without a valid billing step, a clean restricted check and a computed cart.
    expect(isBillingValid(context.billing)).toBe(true);
    if (hasFfl(context.computedCart)) expect(isDealerValid(context.dealer)).toBe(true);
    expect(context.computedCart?.items.length).toBeGreaterThan(0);
    expect(restrictedItemsFor(context.computedCart, context.billing, context.dealer)).toEqual([]);
    const computed = fakes.callsOf('computeCart') as { billing: BillingValues; dealer: DealerValues | null }[];
    expect(computed.at(-1)?.billing).toEqual(context.billing);
    // The FFL lines are taxed at the dealer's state: the computation knew the dealer (decision 007).
    if (hasFfl(context.computedCart)) expect(computed.at(-1)?.dealer).toEqual(context.dealer);
  }
  // Never two order submissions: at most one in flight, each submission counted once, none after
  // the order was placed, and each one carries the token of its own tokenization.
  const orders = fakes.callsOf('placeOrder') as PlaceOrderInput[];
  expect(orders.length).toBe(context.orderSubmissions);
  expect(orders.length - settledOrders.count).toBeLessThanOrEqual(1);
  expect(orders.length).toBeLessThanOrEqual(fakes.callsOf('tokenizeCard').length);
  for (const order of orders) expect(order.idempotencyKey).toMatch(/^checkout-[0-9a-f]{32}$/);
  if (snapshot.matches('confirmed')) expect(context.orderId).toBe(42);
}

function pathParams(sut: Sut) {
  const { actor, fakes, emitted } = sut;
  const settledOrders = { count: 0 };
  const expected: string[] = [];
  const snapshot = () => actor.getSnapshot();

  const sameAsModel = (state: { value: unknown }) => {
    expect(snapshot().value).toEqual(state.value);
    checkSafety(sut, settledOrders);
    expect(emitted.filter((e) => e.type === 'notification.show').map((e) => e.text)).toEqual(expected);
  };

  /** The notification the machine must show after a transition (the spec's texts, section 8). */
  const noteFor = (type: string, before: string, payload: Record<string, unknown>): string | null => {
    if (type === 'billing.submit') {
      const billing = payload.billing as BillingValues;
      const { cart, dealer: chosen } = snapshot().context;
      if (!isBillingValid(billing)) return 'Errors in the Billing Form';
      // No dealer chosen, or a record that breaks the dealer form's rules (decision 029).
      if (hasFfl(cart) && !isDealerValid(chosen)) return 'Errors in the Dealer Address Form';
      if (!cart?.items.length) return 'There are no products in the cart';
      if (restrictedItemsFor(cart, billing, chosen).length) return 'Restricted Items in Cart';
      return null;
    }
    if (type === 'checkout.cart.updated' && before === 'payment' && payload.cart === changedCart)
      return 'Your cart has changed, please review your order';
    return null;
  };

  const send = ({ event }: { event: CheckoutEvent }) => {
    const before = JSON.stringify(snapshot().value).replaceAll('"', '');
    const note = noteFor(event.type, before, event as unknown as Record<string, unknown>);
    if (note) expected.push(note);
    actor.send(event);
  };

  const settle = (id: (typeof invokes)[number]) => ({
    done: async ({ event }: { event: EventObject & { output?: unknown } }) => {
      const output = event.output as Cart;
      if (id === 'computeCart' && output === computedRestricted) expected.push('Restricted Items in Cart');
      if (id === 'computeCart' && output === computedEmpty) expected.push('There are no products in the cart');
      if (id === 'removeCartItems')
        expected.push(output.items.length ? 'All restricted items have been removed from your cart' : 'All Items have been removed from your cart');
      if (id === 'applyPromoCode') expected.push('Discount code applied successfully');
      if (id === 'placeOrder') settledOrders.count += 1;
      await fakes.resolve(id, event.output);
    },
    error: async ({ event }: { event: EventObject & { error?: { status?: number; message: string } } }) => {
      // Section 8: a 404 on a guest cart call (the paths' cart is a guest's) is silenced.
      const silenced = event.error?.status === 404 && id !== 'tokenizeCard' && id !== 'placeOrder';
      if (!silenced) expected.push(id === 'applyPromoCode' ? 'Discount code is invalid' : `Error: ${event.error?.message}`);
      if (id === 'placeOrder') settledOrders.count += 1;
      await fakes.reject(id, event.error);
    },
  });

  const eventExecs: Record<string, unknown> = {};
  for (const type of new Set([...byLabel.values()].map((e) => e.type))) {
    if (!type.startsWith('xstate.')) eventExecs[type] = send;
  }
  for (const id of invokes) {
    eventExecs[`xstate.done.actor.${id}`] = settle(id).done;
    eventExecs[`xstate.error.actor.${id}`] = settle(id).error;
  }

  const state = (extra?: () => void) => (model: { value: unknown }) => {
    sameAsModel(model);
    extra?.();
  };

  return {
    states: {
      billing: state(() => expect(snapshot().context.computedCart).toBeNull()),
      computing: state(() => expect(fakes.isRunning('computeCart')).toBe(true)),
      restricted: state(() => {
        const { context } = snapshot();
        expect(context.restrictedItems.length).toBeGreaterThan(0);
        // Every listed item is blocked for the submitted addresses (the list the check produced).
        const listed = { ...startCart, items: context.restrictedItems };
        expect(restrictedItemsFor(listed, context.billing, context.dealer)).toEqual(context.restrictedItems);
      }),
      removingItems: state(() => {
        const input = fakes.callsOf('removeCartItems').at(-1) as { itemIds: number[]; guestToken: string };
        expect(input.itemIds).toEqual(snapshot().context.restrictedItems.map((i) => i.id));
        expect(input.guestToken).toBe('gid_guest');
      }),
      emptied: state(() => {
        expect(snapshot().status).toBe('done');
        expect(emitted.at(-2)).toEqual({ type: 'cart.replace', cart: emptiedCart });
      }),
      cartGone: state(() => {
        // The checkout is over; the cart actor is told to load the guest's cart again (decision 034).
        expect(snapshot().status).toBe('done');
        expect(emitted.at(-1)).toEqual({ type: 'cart.refresh' });
      }),
      payment: state(),
      // A restored checkout (decision 040): the submitted values and dealer, nothing computed.
      resuming: state(() => {
        expect(snapshot().context.billing).toEqual(idaho);
        expect(snapshot().context.computedCart).toBeNull();
        expect(fakes.callsOf('computeCart')).toHaveLength(0);
      }),
      applyingPromo: state(() => expect(fakes.callsOf('applyPromoCode').at(-1)).toEqual({ cartId: 5, guestToken: 'gid_guest', promoCode: 'RIDGE10' })),
      'placingOrder.tokenizing': state(() => expect(fakes.callsOf('tokenizeCard').at(-1)).toEqual(card)),
      'placingOrder.submitting': state(() => {
        const input = fakes.callsOf('placeOrder').at(-1) as PlaceOrderInput;
        expect(input.paymentToken).toBe('tok_sandbox_visa');
        expect(input.dealer).toEqual(dealer);
        expect(input.billing).toEqual(idaho);
      }),
      confirmed: state(() => {
        expect(snapshot().status).toBe('done');
        expect(emitted.at(-1)).toEqual({ type: 'cart.replace', cart: newCart });
      }),
    },
    events: eventExecs,
  };
}

const runPath = (path: ReplayablePath, snapshot?: Snapshot<unknown>, atEnd?: (sut: ReturnType<typeof startCheckout>) => void) =>
  replayPath(path, () => startCheckout(startCart, coverage.inspect, snapshot), pathParams, atEnd);

// The selected paths below are asked of the same model.
const model = createTimedTestModel(checkoutModel.machine, checkoutModel.options);

const PINNED_SHORTEST = 77;
const PINNED_INTO_PLACE_ORDER = 2;

describe('checkout machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(checkoutModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_SHORTEST);
  });
  for (const path of paths) {
    it(title(path), coverage.counted(() => runPath(path)));
  }
});

/**
 * Transitions whose target state is already reached by a shorter path (so no shortest path ends
 * with them): one selected path each, spelled out as event sequences.
 */
const selected: string[][] = [
  ['dealer.chosen(Boise)', 'billing.submit(California)', 'restricted.remove', 'removeCartItems error'],
  ['dealer.chosen(Boise)', 'billing.submit(Idaho)', 'computeCart done', 'cart.updated(unchanged)'],
  ['dealer.chosen(Boise)', 'billing.submit(Idaho)', 'computeCart done', 'promo.apply(RIDGE10)', 'applyPromoCode done'],
  // A dealer chosen, then changed on the dealer step: Next finds none (decision 029).
  ['dealer.chosen(Boise)', 'dealer.cleared', 'billing.submit(Idaho)'],
  // Typing keeps a draft and changes nothing else.
  ['billing.draft(typing)', 'dealer.chosen(Boise)', 'billing.submit(Idaho)'],
  ['dealer.chosen(Boise)', 'billing.submit(Idaho)', 'computeCart error'],
  // Declined, then no answer (the key is kept), then placed: three submissions, never two at once.
  [
    'dealer.chosen(Boise)',
    'billing.submit(Idaho)',
    'computeCart done',
    'payment.submit(4242)',
    'tokenizeCard done',
    'placeOrder error(declined)',
    'payment.submit(4242)',
    'tokenizeCard done',
    'placeOrder error(no answer)',
    'payment.submit(4242)',
    'tokenizeCard done',
    'placeOrder done',
  ],
];

describe('checkout machine: selected paths', () => {
  const paths = selected.flatMap((labels) => model.getPathsFromEvents(labels.map((label) => byLabel.get(label)!), { input: { cart: startCart } }));
  it('has one path per selected sequence', coverage.counted(() => {
    expect(paths.length).toBe(selected.length);
  }));
  for (const path of paths) {
    it(title(path), coverage.counted(() => runPath(path)));
  }
});

/**
 * A checkout restored after a reload on the payment step (decision 040): the persisted snapshot
 * of a real checkout that reached payment, through the storage round trip, starts in `resuming`.
 * Each sequence starts there; together they cover every transition of `resuming`.
 */
const restoredSelected: string[][] = [
  // The cart actor reports the cart: checked and computed again, then payment and an order.
  ['cart.updated(start)', 'computeCart done', 'payment.submit(4242)', 'tokenizeCard done', 'placeOrder done'],
  // No cart yet: the checkout waits; the cart arrives, and the server's lines are restricted now.
  ['cart.updated(no cart yet)', 'cart.updated(start)', 'computeCart done(restricted lines)'],
  // The shopper types and presses Next before the cart arrived: the billing step's checks.
  ['billing.draft(typing)', 'dealer.cleared', 'dealer.chosen(Boise)', 'billing.submit(California)', 'restricted.update-address'],
];

async function restoredPaymentSnapshot() {
  const sut = startCheckout(startCart);
  sut.actor.send({ type: 'dealer.chosen', dealer });
  sut.actor.send({ type: 'billing.submit', billing: idaho });
  await sut.fakes.resolve('computeCart', computedCart);
  expect(sut.actor.getSnapshot().value).toBe('payment');
  const stored = checkoutToStore(sut.actor.getSnapshot(), sut.actor.getPersistedSnapshot(), { owner: 'guest', now: 1000 });
  sut.actor.stop();
  const restored = checkoutFromStore(stored, { owner: 'guest', now: 2000 });
  expect(restored).not.toBeNull();
  return restored!;
}

describe('checkout machine: restored after a reload (decision 040)', async () => {
  const restored = await restoredPaymentSnapshot();
  const fromState = checkoutMachine.resolveState({
    value: 'resuming',
    context: (restored as unknown as { context: CheckoutSnapshot['context'] }).context,
  });
  const paths = restoredSelected.flatMap((labels) => model.getPathsFromEvents(labels.map((label) => byLabel.get(label)!), { fromState }));
  it('has one path per selected sequence', coverage.counted(() => {
    expect(paths.length).toBe(restoredSelected.length);
  }));
  for (const path of paths) {
    it(`restored: ${title(path)}`, coverage.counted(() => runPath(path, restored)));
  }
});

/**
 * Safety, by toState-targeted paths (issue 20 item 5): every way into Place Order the model can
 * take (the shortest path to each distinct placingOrder state, whatever came before) arrives with
 * a valid billing step, a valid FFL dealer for the rifle, totals computed by the server and no item
 * restricted at the destination. An FFL checkout nobody can get around.
 */
describe('checkout machine: no way into Place Order around the rules', () => {
  const paths = model.getShortestPaths({ input: { cart: startCart }, toState: (state) => state.matches('placingOrder') });
  it('has a pinned number of paths into Place Order', () => {
    expect(paths.length).toBe(PINNED_INTO_PLACE_ORDER);
  });
  for (const path of paths) {
    it(
      title(path),
      coverage.counted(() =>
        runPath(path, undefined, ({ actor }) => {
          const { context } = actor.getSnapshot();
          expect(actor.getSnapshot().matches('placingOrder')).toBe(true);
          expect(isBillingValid(context.billing)).toBe(true);
          expect(context.cart?.items.some((line) => line.isFflItem)).toBe(true);
          expect(isDealerValid(context.dealer)).toBe(true);
          expect(context.computedCart).not.toBeNull();
          expect(context.restrictedItems).toEqual([]);
        }),
      ),
    );
  }
});

describe('checkout machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'checkout');
});

describe('checkout machine: Place Order', () => {
  async function toPayment() {
    const sut = startActor();
    sut.actor.send({ type: 'dealer.chosen', dealer });
    sut.actor.send({ type: 'billing.submit', billing: idaho });
    await sut.fakes.resolve('computeCart', computedCart);
    expect(sut.actor.getSnapshot().value).toBe('payment');
    return sut;
  }

  it('ignores a second Place Order while the first is under way (double click)', coverage.counted(async () => {
    const { actor, fakes } = await toPayment();
    actor.send({ type: 'payment.submit', card });
    actor.send({ type: 'payment.submit', card });
    await fakes.resolve('tokenizeCard', 'tok_1');
    actor.send({ type: 'payment.submit', card });
    expect(fakes.callsOf('tokenizeCard')).toHaveLength(1);
    expect(fakes.callsOf('placeOrder')).toHaveLength(1);
    await fakes.resolve('placeOrder', { orderId: 42, cart: newCart });
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(actor.getSnapshot().context.orderId).toBe(42);
    actor.stop();
  }));

  it('keeps the idempotency key when the outcome is unknown and starts a new attempt after a decline', coverage.counted(async () => {
    const { actor, fakes, emitted } = await toPayment();
    const keys = () => (fakes.callsOf('placeOrder') as PlaceOrderInput[]).map((input) => input.idempotencyKey);
    actor.send({ type: 'payment.submit', card });
    await fakes.resolve('tokenizeCard', 'tok_1');
    await fakes.reject('placeOrder', networkError);
    actor.send({ type: 'payment.submit', card });
    await fakes.resolve('tokenizeCard', 'tok_2');
    expect(keys()[1]).toBe(keys()[0]);
    await fakes.reject('placeOrder', declined);
    expect(actor.getSnapshot().value).toBe('payment');
    expect(actor.getSnapshot().context.paymentError).toBe('Error: Your card was declined');
    expect(emitted.at(-1)).toEqual({ type: 'notification.show', kind: 'error', text: 'Error: Your card was declined' });
    actor.send({ type: 'payment.submit', card });
    await fakes.resolve('tokenizeCard', 'tok_3');
    expect(keys()[2]).not.toBe(keys()[1]);
    expect((fakes.callsOf('placeOrder') as PlaceOrderInput[]).map((input) => input.paymentToken)).toEqual(['tok_1', 'tok_2', 'tok_3']);
    actor.stop();
  }));

  it('places no order when the tokenizer fails', coverage.counted(async () => {
    const { actor, fakes } = await toPayment();
    actor.send({ type: 'payment.submit', card });
    await fakes.reject('tokenizeCard', tokenizerError);
    expect(actor.getSnapshot().value).toBe('payment');
    expect(actor.getSnapshot().context.paymentError).toBe('Error: Your card number is incorrect');
    expect(fakes.callsOf('placeOrder')).toHaveLength(0);
    actor.stop();
  }));

  it('sends no dealer for a cart without FFL items', coverage.counted(async () => {
    const sut = startActor();
    const plain = cart({ items: [magazine] });
    sut.actor.send({ type: 'checkout.cart.updated', cart: plain });
    sut.actor.send({ type: 'dealer.chosen', dealer });
    sut.actor.send({ type: 'billing.submit', billing: idaho });
    await sut.fakes.resolve('computeCart', plain);
    sut.actor.send({ type: 'payment.submit', card });
    await sut.fakes.resolve('tokenizeCard', 'tok_1');
    expect((sut.fakes.callsOf('placeOrder')[0] as PlaceOrderInput).dealer).toBeNull();
    sut.actor.stop();
  }));
});

describe('checkout machine: a 404 on a guest cart call (section 8, decision 034)', () => {
  const notices = (emitted: CheckoutEmitted[]) => emitted.flatMap((event) => (event.type === 'notification.show' ? [event.text] : []));

  it('compute: no error shown; the cart actor reloads the guest cart and the checkout ends for home', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: idaho });
    await fakes.reject('computeCart', guestCartGone);
    expect(notices(emitted)).toEqual([]);
    expect(emitted.at(-1)).toEqual({ type: 'cart.refresh' });
    expect(actor.getSnapshot().value).toBe('cartGone');
    expect(actor.getSnapshot().status).toBe('done');
    actor.stop();
  }));

  it('promo code: no error shown (not "Discount code is invalid"); the checkout ends', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: idaho });
    await fakes.resolve('computeCart', computedCart);
    actor.send({ type: 'promo.apply', promoCode: 'RIDGE10' });
    await fakes.reject('applyPromoCode', guestCartGone);
    expect(notices(emitted)).toEqual([]);
    expect(emitted.at(-1)).toEqual({ type: 'cart.refresh' });
    expect(actor.getSnapshot().value).toBe('cartGone');
    expect(fakes.callsOf('placeOrder')).toHaveLength(0);
    actor.stop();
  }));

  it('restricted removals: no error besides the modal\'s own; the checkout ends', async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: california });
    actor.send({ type: 'restricted.remove' });
    await fakes.reject('removeCartItems', guestCartGone);
    expect(notices(emitted)).toEqual(['Restricted Items in Cart']);
    expect(emitted.at(-1)).toEqual({ type: 'cart.refresh' });
    expect(actor.getSnapshot().value).toBe('cartGone');
    actor.stop();
  });

  it("a signed-in customer's 404 is not silenced: the error is shown and the checkout stays", coverage.counted(async () => {
    const userCart = cart({ isGuest: false, guestId: null, userId: 'user-1' });
    const { actor, fakes, emitted } = startActor(userCart);
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: idaho });
    await fakes.reject('computeCart', guestCartGone);
    expect(actor.getSnapshot().value).toBe('billing');
    expect(emitted.at(-1)).toEqual({ type: 'notification.show', kind: 'error', text: 'Error: No cart with this id belongs to you' });
    expect(emitted.some((event) => event.type === 'cart.refresh')).toBe(false);
    actor.stop();
  }));
});

describe('checkout machine: the FFL dealer step (decision 029)', () => {
  const customerCart = cart({ isGuest: false, guestId: null, userId: 'user-1' });

  it('Next without a chosen dealer is the dealer form error; the choice then goes to the order by id', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'billing.submit', billing: idaho });
    expect(actor.getSnapshot().value).toBe('billing');
    expect(emitted.at(-1)).toEqual({ type: 'notification.show', kind: 'error', text: 'Errors in the Dealer Address Form' });
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'dealer.cleared' });
    actor.send({ type: 'billing.submit', billing: idaho });
    expect(emitted.filter((e) => e.type === 'notification.show')).toHaveLength(2);
    actor.send({ type: 'dealer.chosen', dealer });
    actor.send({ type: 'billing.submit', billing: idaho });
    expect((fakes.callsOf('computeCart')[0] as { dealer: ChosenDealer }).dealer).toEqual(dealer);
    await fakes.resolve('computeCart', computedCart);
    actor.send({ type: 'payment.submit', card });
    await fakes.resolve('tokenizeCard', 'tok_1');
    expect((fakes.callsOf('placeOrder')[0] as PlaceOrderInput).dealer?.dealerId).toBe(1);
    actor.stop();
  }));

  it("asks the dealer step for a signed-in customer's last dealer, once the cart is known to be theirs", coverage.counted(() => {
    const guestStart = startActor();
    expect(guestStart.dealerStep.started).toEqual([{ recall: false, handguns: false }]);
    guestStart.actor.send({ type: 'checkout.cart.updated', cart: cart({ items: [magazine] }) });
    expect(guestStart.dealerStep.told).toEqual([]);
    guestStart.actor.send({ type: 'checkout.cart.updated', cart: customerCart });
    expect(guestStart.dealerStep.told).toEqual([{ type: 'dealer.recall' }]);
    guestStart.actor.stop();

    const customerStart = startActor(customerCart);
    expect(customerStart.dealerStep.started).toEqual([{ recall: true, handguns: false }]);
    customerStart.actor.stop();
  }));
});

describe("checkout machine: a handgun's dealer is in the billing state (decision 077)", () => {
  const pistol = item({ id: 20, productId: 'RP9C-STD-BLK', productName: 'RP-9 Compact', isFflItem: true, isHandgun: true, price: 549 });
  const handgunCart = cart({ items: [pistol, magazine] });
  const colorado = { ...idaho, city: 'Denver', state: 'CO', zip: '80202' };
  const wyomingDealer = { ...dealer, dealerId: 5, dealerName: 'High Plains Firearms', dealerCity: 'Cheyenne', dealerState: 'WY', dealerZip: '82001' };
  const coloradoDealer = { ...dealer, dealerId: 7, dealerName: 'Front Range Gun Works', dealerCity: 'Denver', dealerState: 'CO', dealerZip: '80202' };
  const notices = (emitted: CheckoutEmitted[]) => emitted.flatMap((event) => (event.type === 'notification.show' ? [event.text] : []));

  it('tells the dealer step whether the cart holds a handgun, when that changes', coverage.counted(() => {
    const { actor, dealerStep } = startActor(handgunCart);
    expect(dealerStep.started).toEqual([{ recall: false, handguns: true }]);
    actor.send({ type: 'checkout.cart.updated', cart: handgunCart });
    expect(dealerStep.told).toEqual([]);
    actor.send({ type: 'checkout.cart.updated', cart: startCart });
    expect(dealerStep.told).toEqual([{ type: 'dealer.handguns.change', handguns: false }]);
    actor.stop();
  }));

  it('Next with a handgun, billing in Colorado and a Wyoming dealer: the dealer form is in error and nothing is computed', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor(handgunCart);
    actor.send({ type: 'dealer.chosen', dealer: wyomingDealer });
    actor.send({ type: 'billing.submit', billing: colorado });
    expect(actor.getSnapshot().value).toBe('billing');
    expect(notices(emitted)).toEqual(['Errors in the Dealer Address Form']);
    expect(fakes.callsOf('computeCart')).toEqual([]);
    // A Colorado dealer goes on; a rifle-only cart would have gone on with Wyoming's too.
    actor.send({ type: 'dealer.chosen', dealer: coloradoDealer });
    actor.send({ type: 'billing.submit', billing: colorado });
    expect(actor.getSnapshot().value).toBe('computing');
    actor.stop();

    const rifles = startActor();
    rifles.actor.send({ type: 'dealer.chosen', dealer: wyomingDealer });
    rifles.actor.send({ type: 'billing.submit', billing: colorado });
    expect(rifles.actor.getSnapshot().value).toBe('computing');
    rifles.actor.stop();
  }));
});
