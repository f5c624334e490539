import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { accountMachine } from '../../machines/account/account.machine';
import {
  ACCOUNT_TEXTS,
  type AccountEmitted,
  type AccountEvent,
  type Address,
  type DetailsValues,
  type NewsletterStatus,
  type SaveAddressInput,
  type SubscribeInput,
  type UserProfile,
} from '../../machines/account/account.types';
import { accountModel, details, home, input, serverError } from './account-model';
import { createFakeActors } from './fake-actors';
import { shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the account machine (shop-core.md sections 2, 5, 7, 8): every shortest
 * path is replayed against a real actor whose API calls are fakes settled with the path's
 * `xstate.done.actor.*` / `xstate.error.actor.*` events. Each state checks what runs and with
 * which input, and every path checks what was emitted (banner texts, profile reloads).
 *
 * Shortest paths only (issue 20 item 5): the simple paths over the state values (5) took no
 * transition the shortest paths miss, measured by the state value before and after each step.
 */

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

function pathParams(sut: Sut) {
  const { actor, fakes, emitted } = sut;
  const expected: AccountEmitted[] = [];
  const snapshot = () => actor.getSnapshot();
  /** The last address.save / address.delete the path sent (the input the fake must have had). */
  let saved: SaveAddressInput | null = null;
  let deleteId: number | null = null;

  const sameAsModel = (state: { value: unknown; context: unknown }) => {
    expect(snapshot().value).toEqual(state.value);
    expect(snapshot().context).toEqual(state.context);
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

const runPath = (path: ReplayablePath) => replayPath(path, startActor, pathParams);

describe('account machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(accountModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(41);
  });
  for (const path of paths) {
    it(path.description, coverage.counted(async () => {
      await runPath(path);
    }));
  }
});

describe('account machine: a subscription that waits for the confirmation mail', () => {
  it('is pending, not subscribed, and the notice says to check the inbox (issue 18 item 5)', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'newsletter.subscribe' });
    await fakes.resolve('subscribeNewsletter', { isSubscribed: false, isPending: true });
    expect(actor.getSnapshot().context).toMatchObject({ isSubscribed: false, isPending: true });
    expect(emitted).toEqual([notify('success', 'You have been subscribed to the newsletter. Check your inbox to confirm.')]);
    // Asking again (the mail may be lost) is allowed; unsubscribing a pending address is not a change.
    expect(actor.getSnapshot().can({ type: 'newsletter.subscribe' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'newsletter.unsubscribe' })).toBe(false);
    actor.stop();
  }));
});

describe('account machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'account');
});
