import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { Cart, CartEmitted, CartEvent } from '../../machines/cart/cart.types';
import { createFakeActors } from './fake-actors';
import { createTimedTestModel } from './test-model';
import { createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for who owns the cart (shop-core.md sections 4, 8, 9): a guest cart from the
 * stored or a new guest token (404 silenced: a new token), the merge into the user's cart after
 * sign-in (stored token removed and cleared in state, then the user's cart loaded), and the reset
 * to a new guest cart after sign-out. Every shortest and simple path is replayed against a real
 * actor with fake API actors and spied storage actions (machine.provide).
 */

const STORED_TOKEN = 'gid_stored-token-0000000000';
const NEW_TOKEN = 'gid_new-token-000000000000000';

function cart(overrides: Partial<Cart>): Cart {
  return {
    id: 1,
    userId: null,
    guestId: STORED_TOKEN,
    isAbandoned: false,
    isGuest: true,
    items: [],
    subTotal: 0,
    taxAmount: 0,
    shipping: 0,
    discount: 0,
    totalAmount: 0,
    discountAmount: 0,
    appliedDiscounts: [],
    ...overrides,
  };
}

const guestCart = cart({ id: 7, guestId: STORED_TOKEN });
const mergedCart = cart({ id: 9, userId: 'user-1', guestId: null, isGuest: false, subTotal: 19.99 });
const userCart = cart({ id: 9, userId: 'user-1', guestId: null, isGuest: false, subTotal: 19.99 });

const notFound = { name: 'ApiError', status: 404, message: 'No guest cart for this token' };
const networkError = { name: 'ApiError', status: 0, message: 'Network Error' };

const invokes = ['createGuestToken', 'loadGuestCart', 'mergeGuestCart', 'loadUserCart'] as const;

const events = [
  { type: 'cart.owner.guest' },
  { type: 'cart.owner.user' },
  { type: 'cart.reset' },
  { type: 'xstate.done.actor.createGuestToken', output: NEW_TOKEN },
  { type: 'xstate.error.actor.createGuestToken', error: networkError },
  { type: 'xstate.done.actor.loadGuestCart', output: guestCart },
  { type: 'xstate.error.actor.loadGuestCart', error: notFound },
  { type: 'xstate.error.actor.loadGuestCart', error: networkError },
  { type: 'xstate.done.actor.mergeGuestCart', output: mergedCart },
  { type: 'xstate.error.actor.mergeGuestCart', error: networkError },
  { type: 'xstate.done.actor.loadUserCart', output: userCart },
  { type: 'xstate.error.actor.loadUserCart', error: networkError },
] as unknown as CartEvent[];

/** The two starts the app has: a stored guest token, or none (first visit). */
const starts = [
  { name: 'with a stored guest token', input: { guestToken: STORED_TOKEN } },
  { name: 'without a stored guest token', input: { guestToken: null } },
];

const coverage = createTransitionCoverage(cartMachine);

function startActor(input: { guestToken: string | null }) {
  const fakes = createFakeActors();
  /** What local storage holds under `guestToken`, as the provided actions leave it. */
  const storage = { guestToken: input.guestToken };
  const storeGuestToken = vi.fn((_: unknown, params: { guestToken: string }) => {
    storage.guestToken = params.guestToken;
  });
  const forgetStoredGuestToken = vi.fn(() => {
    storage.guestToken = null;
  });
  const machine = cartMachine.provide({
    actors: {
      createGuestToken: fakes.promise<string>('createGuestToken'),
      loadGuestCart: fakes.promise<Cart, { guestToken: string }>('loadGuestCart'),
      mergeGuestCart: fakes.promise<Cart, { guestToken: string }>('mergeGuestCart'),
      loadUserCart: fakes.promise<Cart>('loadUserCart'),
    },
    actions: { storeGuestToken, forgetStoredGuestToken },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect });
  const emitted: CartEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, storage, emitted };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut, { withContext }: { withContext: boolean }) {
  const { actor, fakes, storage, emitted } = sut;
  const expectedNotices: string[] = [];
  const snapshot = () => actor.getSnapshot();

  const sameAsModel = (state: { value: unknown; context: unknown }) => {
    expect(snapshot().value).toEqual(state.value);
    if (withContext) expect(snapshot().context).toEqual(state.context);
    // Storage and state agree on the guest token at every step.
    expect(storage.guestToken).toBe(snapshot().context.guestToken);
    expect(emitted.map((e) => e.text)).toEqual(expectedNotices);
  };

  const settle = (id: (typeof invokes)[number]) => ({
    done: async ({ event }: { event: EventObject & { output?: unknown } }) => fakes.resolve(id, event.output),
    error: async ({ event }: { event: EventObject & { error?: { status: number; message: string } } }) => {
      // Every failure but a guest cart's 404 shows 'Error: {message}' (section 8).
      if (!(id === 'loadGuestCart' && event.error?.status === 404)) expectedNotices.push(`Error: ${event.error?.message}`);
      await fakes.reject(id, event.error);
    },
  });

  const eventExecs: Record<string, (step: { event: never }) => unknown> = {
    'cart.owner.guest': ({ event }: { event: CartEvent }) => actor.send(event),
    'cart.owner.user': ({ event }: { event: CartEvent }) => actor.send(event),
    'cart.reset': ({ event }: { event: CartEvent }) => actor.send(event),
  };
  for (const id of invokes) {
    eventExecs[`xstate.done.actor.${id}`] = settle(id).done as never;
    eventExecs[`xstate.error.actor.${id}`] = settle(id).error as never;
  }

  return {
    states: {
      idle: (state: never) => {
        sameAsModel(state);
        expect(snapshot().context.cart).toBeNull();
      },
      'guest.creatingToken': (state: never) => {
        sameAsModel(state);
        expect(snapshot().context.guestToken).toBeNull();
        expect(fakes.isRunning('createGuestToken')).toBe(true);
      },
      'guest.loading': (state: never) => {
        sameAsModel(state);
        expect(fakes.callsOf('loadGuestCart').at(-1)).toEqual({ guestToken: snapshot().context.guestToken });
      },
      'guest.ready': (state: never) => {
        sameAsModel(state);
        expect(snapshot().context.cart).toEqual(guestCart);
      },
      'guest.failed': (state: never) => sameAsModel(state),
      'user.merging': (state: never) => {
        sameAsModel(state);
        expect(fakes.callsOf('mergeGuestCart').at(-1)).toEqual({ guestToken: snapshot().context.guestToken });
      },
      'user.loading': (state: never) => {
        sameAsModel(state);
        expect(fakes.isRunning('loadUserCart')).toBe(true);
      },
      'user.ready': (state: never) => {
        sameAsModel(state);
        expect(snapshot().context.cart).toEqual(userCart);
      },
      'user.failed': (state: never) => sameAsModel(state),
    },
    events: eventExecs,
  };
}

async function runPath(input: { guestToken: string | null }, path: { test: (params: never) => Promise<unknown> }, withContext: boolean) {
  const sut = startActor(input);
  try {
    await path.test(pathParams(sut, { withContext }) as never);
  } finally {
    sut.actor.stop();
  }
}

const pinned: Record<string, { shortest: number; simple: number }> = {
  'with a stored guest token': { shortest: 36, simple: 122 },
  'without a stored guest token': { shortest: 27, simple: 53 },
};

for (const start of starts) {
  const model = createTimedTestModel(cartMachine, {
    events,
    serializeTransition: (_state, event, previous) =>
      event ? ` via ${JSON.stringify(event)}${previous ? ` from ${JSON.stringify(previous.value)}` : ''}` : '',
  });
  // Simple paths over the state value and what the guards read (whether a guest token is held);
  // the carts' variants would only multiply the paths.
  const valueModel = createTimedTestModel(cartMachine, {
    events,
    serializeState: (state) => JSON.stringify({ value: state.value, hasToken: state.context.guestToken !== null }),
  });

  describe(`cart machine ${start.name}: shortest paths`, () => {
    const paths = model.getShortestPaths({ input: start.input });
    it('has a pinned number of shortest paths', () => {
      expect(paths.length).toBe(pinned[start.name].shortest);
    });
    for (const path of paths) {
      it(path.description, async () => runPath(start.input, path, true));
    }
  });

  describe(`cart machine ${start.name}: simple paths`, () => {
    const paths = valueModel.getSimplePaths({ input: start.input });
    it('has a pinned number of simple paths', () => {
      expect(paths.length).toBe(pinned[start.name].simple);
    });
    for (const path of paths) {
      it(path.description, async () => runPath(start.input, path, false));
    }
  });
}

describe('cart machine: the merge after sign-in', () => {
  it('merges the stored guest cart, forgets the token, then loads the user cart', async () => {
    const { actor, fakes, storage } = startActor({ guestToken: STORED_TOKEN });
    actor.send({ type: 'cart.owner.guest' });
    await fakes.resolve('loadGuestCart', guestCart);
    actor.send({ type: 'cart.owner.user' });
    expect(fakes.callsOf('mergeGuestCart')).toEqual([{ guestToken: STORED_TOKEN }]);
    await fakes.resolve('mergeGuestCart', mergedCart);
    expect(storage.guestToken).toBeNull();
    expect(actor.getSnapshot().context.guestToken).toBeNull();
    expect(fakes.isRunning('loadUserCart')).toBe(true);
    await fakes.resolve('loadUserCart', userCart);
    expect(actor.getSnapshot().matches({ user: 'ready' })).toBe(true);
    // Sign-out: reset, then a brand-new guest token and cart.
    actor.send({ type: 'cart.reset' });
    expect(actor.getSnapshot().context.cart).toBeNull();
    await fakes.resolve('createGuestToken', NEW_TOKEN);
    expect(storage.guestToken).toBe(NEW_TOKEN);
    expect(fakes.callsOf('loadGuestCart').at(-1)).toEqual({ guestToken: NEW_TOKEN });
    actor.stop();
  });
});

describe('cart machine: transition coverage', () => {
  it('the generated paths cover every transition', () => {
    console.log(coverage.report('cart'));
    expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
  });
});

afterAll(() => {
  if (coverage.uncovered().length) console.log(coverage.report('cart'));
});
