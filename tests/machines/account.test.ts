import { afterAll, describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { accountMachine } from '../../machines/account/account.machine';
import {
  ACCOUNT_TEXTS,
  type AccountEmitted,
  type AccountEvent,
  type AccountInput,
  type Address,
  type AddressValues,
  type DetailsValues,
  type NewsletterStatus,
  type SaveAddressInput,
  type SubscribeInput,
  type UserProfile,
} from '../../machines/account/account.types';
import { newAddressValues } from '../../src/domain/address-forms';
import { createFakeActors } from './fake-actors';
import { createTimedTestModel } from './test-model';
import { createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for the account machine (shop-core.md sections 2, 5, 7, 8): every shortest and
 * simple path is replayed against a real actor whose API calls are fakes settled with the path's
 * `xstate.done.actor.*` / `xstate.error.actor.*` events. Each state checks what runs and with
 * which input, and every path checks what was emitted (banner texts, profile reloads).
 */

const home: Address = {
  id: 1,
  firstName: 'Dana',
  lastName: 'Demo',
  company: null,
  mainContact: '(406) 555-0142',
  faxContact: null,
  addressName: 'Home',
  addressContact: null,
  addressType: 10,
  addressLine1: '1200 Ridgeline Road',
  addressLine2: null,
  city: 'Bozeman',
  state: 'MT',
  postalCode: '59715',
  country: 'United States',
  isDefaultShipping: true,
  isDefaultBilling: false,
  residential: true,
};
const office: Address = { ...home, id: 2, addressName: 'Office', isDefaultShipping: false, isDefaultBilling: true, residential: false };
const cabin: Address = { ...home, id: 3, addressName: 'Cabin', isDefaultBilling: true };

const input: AccountInput = {
  email: 'demo@ridgeline.example',
  firstName: 'Dana',
  lastName: 'Demo',
  isSubscribed: false,
  isPending: false,
  addresses: [home, office],
};

const details: DetailsValues = { firstName: 'Dana', lastName: 'Demo-Smith', phoneNumber: '(406) 555-0199' };
const updatedProfile: UserProfile = {
  keycloakId: 'user-1',
  fullName: 'Dana Demo-Smith',
  firstName: 'Dana',
  lastName: 'Demo-Smith',
  email: 'demo@ridgeline.example',
  phoneNumber: '(406) 555-0199',
  addresses: [home, office],
  orders: [],
};
const newAddress: AddressValues = { ...newAddressValues(), addressName: 'Cabin', firstName: 'Dana', lastName: 'Demo', mainContact: '(406) 555-0142', addressLine1: '9 Pine Lane', city: 'Whitefish', state: 'MT', postalCode: '59937' };
const serverError = { name: 'ApiError', status: 500, message: 'Something went wrong on our side. Please try again.' };

const events = [
  { type: 'details.submit', values: details },
  { type: 'xstate.done.actor.updateDetails', output: updatedProfile },
  { type: 'xstate.error.actor.updateDetails', error: serverError },
  { type: 'newsletter.subscribe' },
  { type: 'xstate.done.actor.subscribeNewsletter', output: { isSubscribed: true, isPending: false } },
  { type: 'xstate.error.actor.subscribeNewsletter', error: serverError },
  { type: 'newsletter.unsubscribe' },
  { type: 'xstate.done.actor.unsubscribeNewsletter' },
  { type: 'xstate.error.actor.unsubscribeNewsletter', error: serverError },
  { type: 'address.save', id: null, values: newAddress },
  { type: 'address.save', id: 2, values: { ...newAddress, addressName: 'Office' } },
  { type: 'address.save', id: 99, values: newAddress },
  { type: 'xstate.done.actor.saveAddress', output: [home, office, cabin] },
  { type: 'xstate.error.actor.saveAddress', error: serverError },
  { type: 'address.delete', id: 2 },
  { type: 'address.delete', id: 99 },
  { type: 'address.delete.confirm' },
  { type: 'address.delete.cancel' },
  { type: 'xstate.done.actor.deleteAddress', output: [home] },
  { type: 'xstate.error.actor.deleteAddress', error: serverError },
] as unknown as AccountEvent[];

const model = createTimedTestModel(accountMachine, {
  events,
  input,
  serializeTransition: (_state, event, previous) =>
    event ? ` via ${JSON.stringify(event)}${previous ? ` from ${JSON.stringify(previous.value)}` : ''}` : '',
});
const valueModel = createTimedTestModel(accountMachine, { events, input, serializeState: (state) => JSON.stringify(state.value) });
const coverage = createTransitionCoverage(accountMachine);

function startActor() {
  const fakes = createFakeActors();
  const machine = accountMachine.provide({
    actors: {
      updateDetails: fakes.promise<UserProfile, DetailsValues>('updateDetails'),
      subscribeNewsletter: fakes.promise<NewsletterStatus, SubscribeInput>('subscribeNewsletter'),
      unsubscribeNewsletter: fakes.promise<void, { email: string }>('unsubscribeNewsletter'),
      saveAddress: fakes.promise<Address[], SaveAddressInput>('saveAddress'),
      deleteAddress: fakes.promise<Address[], { id: number }>('deleteAddress'),
    },
  });
  const actor = createActor(machine, { input, inspect: coverage.inspect });
  const emitted: AccountEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted };
}

type Sut = ReturnType<typeof startActor>;
const notify = (kind: 'success' | 'error', text: string): AccountEmitted => ({ type: 'notification.show', kind, text });
const reload: AccountEmitted = { type: 'session.profile.reload' };
const failure = notify('error', `Error: ${serverError.message}`);

function pathParams(sut: Sut, { withContext }: { withContext: boolean }) {
  const { actor, fakes, emitted } = sut;
  const expected: AccountEmitted[] = [];
  const snapshot = () => actor.getSnapshot();
  /** The last address.save / address.delete the path sent (the input the fake must have had). */
  let saved: SaveAddressInput | null = null;
  let deleteId: number | null = null;

  const sameAsModel = (state: { value: unknown; context: unknown }) => {
    expect(snapshot().value).toEqual(state.value);
    if (withContext) expect(snapshot().context).toEqual(state.context);
    expect(emitted).toEqual(expected);
  };
  const settle = (name: string) => ({
    done: async ({ event }: { event: object }) => fakes.resolve(name, (event as { output?: unknown }).output),
    error: async ({ event }: { event: object }) => fakes.reject(name, (event as { error?: unknown }).error),
  });
  const send = (event: AccountEvent) => actor.send(event);
  const running = (name: string | null) => {
    for (const actorName of ['updateDetails', 'subscribeNewsletter', 'unsubscribeNewsletter', 'saveAddress', 'deleteAddress']) {
      expect(fakes.isRunning(actorName)).toBe(actorName === name);
    }
  };

  return {
    states: {
      idle: (state: never) => {
        sameAsModel(state);
        running(null);
        expect(snapshot().context.pendingDeleteId).toBeNull();
      },
      savingDetails: (state: never) => {
        sameAsModel(state);
        running('updateDetails');
        expect(fakes.callsOf('updateDetails').at(-1)).toEqual(details);
      },
      subscribing: (state: never) => {
        sameAsModel(state);
        running('subscribeNewsletter');
        expect(fakes.callsOf('subscribeNewsletter').at(-1)).toEqual({ email: input.email, firstName: 'Dana', lastName: 'Demo' });
      },
      unsubscribing: (state: never) => {
        sameAsModel(state);
        running('unsubscribeNewsletter');
        expect(fakes.callsOf('unsubscribeNewsletter').at(-1)).toEqual({ email: input.email });
      },
      savingAddress: (state: never) => {
        sameAsModel(state);
        running('saveAddress');
        expect(fakes.callsOf('saveAddress').at(-1)).toEqual(saved);
      },
      confirmingDelete: (state: never) => {
        sameAsModel(state);
        running(null);
        expect(snapshot().context.pendingDeleteId).toBe(deleteId);
      },
      deletingAddress: (state: never) => {
        sameAsModel(state);
        running('deleteAddress');
        expect(fakes.callsOf('deleteAddress').at(-1)).toEqual({ id: deleteId });
      },
      saved: (state: never) => {
        sameAsModel(state);
        expect(snapshot().status).toBe('done');
        // Every save asks the session for the new profile.
        expect(emitted).toContainEqual(reload);
      },
    },
    events: {
      'details.submit': ({ event }: { event: AccountEvent }) => send(event),
      'xstate.done.actor.updateDetails': async (step: { event: EventObject }) => {
        expected.push(reload, notify('success', ACCOUNT_TEXTS.detailsSaved));
        await settle('updateDetails').done(step);
      },
      'xstate.error.actor.updateDetails': async (step: { event: EventObject }) => {
        expected.push(failure);
        await settle('updateDetails').error(step);
      },
      'newsletter.subscribe': ({ event }: { event: AccountEvent }) => {
        const allowed = snapshot().can(event);
        send(event);
        // Only a change is allowed: subscribing when subscribed does nothing.
        if (!allowed) expect(snapshot().matches('subscribing')).toBe(false);
      },
      'xstate.done.actor.subscribeNewsletter': async (step: { event: EventObject }) => {
        expected.push(notify('success', ACCOUNT_TEXTS.subscribed));
        await settle('subscribeNewsletter').done(step);
        expect(snapshot().context.isSubscribed).toBe(true);
      },
      'xstate.error.actor.subscribeNewsletter': async (step: { event: EventObject }) => {
        expected.push(failure);
        await settle('subscribeNewsletter').error(step);
      },
      'newsletter.unsubscribe': ({ event }: { event: AccountEvent }) => send(event),
      'xstate.done.actor.unsubscribeNewsletter': async (step: { event: EventObject }) => {
        expected.push(notify('success', ACCOUNT_TEXTS.unsubscribed));
        await settle('unsubscribeNewsletter').done(step);
        expect(snapshot().context.isSubscribed).toBe(false);
      },
      'xstate.error.actor.unsubscribeNewsletter': async (step: { event: EventObject }) => {
        expected.push(failure);
        await settle('unsubscribeNewsletter').error(step);
      },
      'address.save': ({ event }: { event: AccountEvent & { type: 'address.save' } }) => {
        if (snapshot().can(event)) saved = { id: event.id, values: event.values };
        send(event);
      },
      'xstate.done.actor.saveAddress': async (step: { event: EventObject }) => {
        expected.push(reload, notify('success', ACCOUNT_TEXTS.addressSaved));
        await settle('saveAddress').done(step);
      },
      'xstate.error.actor.saveAddress': async (step: { event: EventObject }) => {
        expected.push(failure);
        await settle('saveAddress').error(step);
      },
      'address.delete': ({ event }: { event: AccountEvent & { type: 'address.delete' } }) => {
        if (snapshot().can(event)) deleteId = event.id;
        send(event);
      },
      'address.delete.confirm': ({ event }: { event: AccountEvent }) => send(event),
      'address.delete.cancel': ({ event }: { event: AccountEvent }) => send(event),
      'xstate.done.actor.deleteAddress': async (step: { event: EventObject }) => {
        expected.push(reload, notify('success', ACCOUNT_TEXTS.addressDeleted));
        await settle('deleteAddress').done(step);
        expect(snapshot().context.addresses).toEqual([home]);
      },
      'xstate.error.actor.deleteAddress': async (step: { event: EventObject }) => {
        expected.push(failure);
        await settle('deleteAddress').error(step);
        // Nothing changed.
        expect(snapshot().context.addresses.map((a) => a.id)).toContain(deleteId);
      },
    },
  };
}

async function runPath(path: { test: (params: never) => Promise<unknown> }, withContext = true) {
  const sut = startActor();
  try {
    await path.test(pathParams(sut, { withContext }) as never);
  } finally {
    sut.actor.stop();
  }
}

describe('account machine: shortest paths', () => {
  const paths = model.getShortestPaths();
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(41);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await runPath(path);
    });
  }
});

describe('account machine: simple paths', () => {
  const paths = valueModel.getSimplePaths();
  it('has a pinned number of simple paths', () => {
    expect(paths.length).toBe(5);
  });
  for (const path of paths) {
    it(path.description, async () => {
      await runPath(path, false);
    });
  }
});

describe('account machine: a subscription that waits for the confirmation mail', () => {
  it('is pending, not subscribed, and the notice says to check the inbox (issue 18 item 5)', async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'newsletter.subscribe' });
    await fakes.resolve('subscribeNewsletter', { isSubscribed: false, isPending: true });
    expect(actor.getSnapshot().context).toMatchObject({ isSubscribed: false, isPending: true });
    expect(emitted).toEqual([notify('success', 'You have been subscribed to the newsletter. Check your inbox to confirm.')]);
    // Asking again (the mail may be lost) is allowed; unsubscribing a pending address is not a change.
    expect(actor.getSnapshot().can({ type: 'newsletter.subscribe' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'newsletter.unsubscribe' })).toBe(false);
    actor.stop();
  });
});

describe('account machine: transition coverage', () => {
  it('the generated paths cover every transition', () => {
    expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
  });
});

afterAll(() => {
  if (coverage.uncovered().length) console.log(coverage.report('account'));
});
