import { assign, emit, setup } from 'xstate';
import { networkErrorText } from '../../src/domain/error-text';
import { subscribedNotice } from '../../src/domain/newsletter-texts';
import { notProvided } from '../shared/not-provided';
import {
  ACCOUNT_TEXTS,
  type Address,
  type AccountContext,
  type AccountEmitted,
  type AccountEvent,
  type AccountInput,
  type DetailsValues,
  type NewsletterStatus,
  type SaveAddressInput,
  type SubscribeInput,
  type UserProfile,
} from './account.types';

/**
 * The account area's writes (shop-core.md sections 2, 5, 7, 8): personal details, the
 * newsletter preference, and the address book. One actor per visit to an account screen; it
 * starts `idle` with what the route loader read, and while a call runs further submits are
 * ignored (no double saves).
 *
 * - details.submit: PUT /User/profile (the email is read-only and never sent); then `saved`.
 * - newsletter.subscribe / .unsubscribe: POST Newsletter/subscribe (then the status is read
 *   again: an address that still has to be verified is pending, not subscribed yet) /
 *   Newsletter/unsubscribe, with 'You have been subscribed to the newsletter' (followed by 'Check
 *   your inbox to confirm.' when a confirmation mail was sent) / 'You have been unsubscribed from
 *   the newsletter'. Only the one that changes something is allowed.
 * - address.save: POST /User/addresses (new, the id removed) or PUT /User/addresses/{id}; then
 *   `saved`. address.delete asks for confirmation first; DELETE answers the remaining book.
 * - Every successful write emits `session.profile.reload`, so the session's profile (which
 *   checkout prefills from) shows the new details and default addresses.
 * - A failed call shows 'Error: {message}' (section 8) and returns to `idle` with nothing changed.
 */
export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    emitted: {} as AccountEmitted,
    input: {} as AccountInput,
  },
  actors: {
    updateDetails: notProvided<UserProfile, DetailsValues>('updateDetails'),
    subscribeNewsletter: notProvided<NewsletterStatus, SubscribeInput>('subscribeNewsletter'),
    unsubscribeNewsletter: notProvided<void, { email: string }>('unsubscribeNewsletter'),
    saveAddress: notProvided<Address[], SaveAddressInput>('saveAddress'),
    deleteAddress: notProvided<Address[], { id: number }>('deleteAddress'),
  },
  actions: {
    setProfile: assign((_, params: { profile: UserProfile }) => ({
      firstName: params.profile.firstName,
      lastName: params.profile.lastName,
      addresses: params.profile.addresses,
    })),
    setSubscribed: assign((_, params: NewsletterStatus) => ({ isSubscribed: params.isSubscribed, isPending: params.isPending })),
    setAddresses: assign({ addresses: (_, params: { addresses: Address[] }) => params.addresses }),
    setPendingDelete: assign({ pendingDeleteId: (_, params: { id: number | null }) => params.id }),
    reloadProfile: emit({ type: 'session.profile.reload' }),
    notify: emit((_, params: { kind: 'success' | 'error'; text: string }) => ({
      type: 'notification.show' as const,
      kind: params.kind,
      text: params.text,
    })),
  },
  guards: {
    isSubscribed: ({ context }) => context.isSubscribed === true,
    isNotSubscribed: ({ context }) => context.isSubscribed === false,
    ownsAddress: ({ context }, params: { id: number | null }) =>
      params.id === null || context.addresses.some((address) => address.id === params.id),
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({ ...input, pendingDeleteId: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'details.submit': { target: 'savingDetails' },
        'newsletter.subscribe': { guard: 'isNotSubscribed', target: 'subscribing' },
        'newsletter.unsubscribe': { guard: 'isSubscribed', target: 'unsubscribing' },
        'address.save': {
          guard: { type: 'ownsAddress', params: ({ event }) => ({ id: event.id }) },
          target: 'savingAddress',
        },
        'address.delete': {
          guard: { type: 'ownsAddress', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: { type: 'setPendingDelete', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },

    savingDetails: {
      invoke: {
        id: 'updateDetails',
        src: 'updateDetails',
        input: ({ event }) => (event as Extract<AccountEvent, { type: 'details.submit' }>).values,
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setProfile', params: ({ event }) => ({ profile: event.output }) },
            'reloadProfile',
            { type: 'notify', params: { kind: 'success', text: ACCOUNT_TEXTS.detailsSaved } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
        },
      },
    },

    subscribing: {
      invoke: {
        id: 'subscribeNewsletter',
        src: 'subscribeNewsletter',
        input: ({ context }) => ({ email: context.email, firstName: context.firstName, lastName: context.lastName }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setSubscribed', params: ({ event }) => event.output },
            { type: 'notify', params: ({ event }) => ({ kind: 'success', text: subscribedNotice(event.output.isPending) }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
        },
      },
    },

    unsubscribing: {
      invoke: {
        id: 'unsubscribeNewsletter',
        src: 'unsubscribeNewsletter',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setSubscribed', params: { isSubscribed: false, isPending: false } },
            { type: 'notify', params: { kind: 'success', text: ACCOUNT_TEXTS.unsubscribed } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
        },
      },
    },

    savingAddress: {
      invoke: {
        id: 'saveAddress',
        src: 'saveAddress',
        input: ({ event }) => {
          const { id, values } = event as Extract<AccountEvent, { type: 'address.save' }>;
          return { id, values };
        },
        onDone: {
          target: 'saved',
          actions: [
            { type: 'setAddresses', params: ({ event }) => ({ addresses: event.output }) },
            'reloadProfile',
            { type: 'notify', params: { kind: 'success', text: ACCOUNT_TEXTS.addressSaved } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
        },
      },
    },

    /** Delete asks first (the view shows a confirmation dialog while here). */
    confirmingDelete: {
      on: {
        'address.delete.confirm': { target: 'deletingAddress' },
        'address.delete.cancel': { target: 'idle', actions: { type: 'setPendingDelete', params: { id: null } } },
      },
    },

    deletingAddress: {
      invoke: {
        id: 'deleteAddress',
        src: 'deleteAddress',
        input: ({ context }) => ({ id: context.pendingDeleteId ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setAddresses', params: ({ event }) => ({ addresses: event.output }) },
            { type: 'setPendingDelete', params: { id: null } },
            'reloadProfile',
            { type: 'notify', params: { kind: 'success', text: ACCOUNT_TEXTS.addressDeleted } },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'setPendingDelete', params: { id: null } },
            { type: 'notify', params: ({ event }) => ({ kind: 'error', text: networkErrorText(event.error) }) },
          ],
        },
      },
    },

    /** The form was saved: the view leaves for the overview or the address book. */
    saved: { type: 'final' },
  },
});
