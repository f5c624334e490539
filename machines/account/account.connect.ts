import type { SnapshotFrom } from 'xstate';
import type { AddressValues, DetailsValues } from '../../src/domain/address-forms';
import type { accountMachine } from './account.machine';
import type { AccountEvent, Address } from './account.types';
import type { newsletterVerifyMachine } from './newsletter-verify.machine';

type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
type Send = (event: AccountEvent) => void;

/** Default shipping and billing first, then the others (the address book's order, section 2). */
export function splitAddresses(addresses: Address[]) {
  const defaults = addresses.filter((address) => address.isDefaultShipping || address.isDefaultBilling);
  const others = addresses.filter((address) => !address.isDefaultShipping && !address.isDefaultBilling);
  return { defaults, others };
}

/**
 * An account snapshot as the screens need it (zag's connect pattern): busy flags, the data, the
 * confirmation dialog and the intents. Views never call the API or decide what a save does.
 */
export function connect(snapshot: AccountSnapshot, send: Send) {
  const { context } = snapshot;
  const pending = context.pendingDeleteId === null ? null : (context.addresses.find((a) => a.id === context.pendingDeleteId) ?? null);
  return {
    isSavingDetails: snapshot.matches('savingDetails'),
    isSavingAddress: snapshot.matches('savingAddress'),
    isNewsletterBusy: snapshot.matches('subscribing') || snapshot.matches('unsubscribing'),
    isConfirmingDelete: snapshot.matches('confirmingDelete') || snapshot.matches('deletingAddress'),
    isDeleting: snapshot.matches('deletingAddress'),
    /** The form was saved: the view leaves. */
    isSaved: snapshot.matches('saved'),
    isSubscribed: context.isSubscribed,
    /** Waiting for the confirmation mail's link: shown as pending, not as "not subscribed". */
    isPending: context.isSubscribed === false && context.isPending,
    addresses: context.addresses,
    pendingDelete: pending,
    canSubscribe: snapshot.can({ type: 'newsletter.subscribe' }),
    canUnsubscribe: snapshot.can({ type: 'newsletter.unsubscribe' }),
    saveDetails: (values: DetailsValues) => send({ type: 'details.submit', values }),
    subscribe: () => send({ type: 'newsletter.subscribe' }),
    unsubscribe: () => send({ type: 'newsletter.unsubscribe' }),
    saveAddress: (id: number | null, values: AddressValues) => send({ type: 'address.save', id, values }),
    requestDelete: (id: number) => send({ type: 'address.delete', id }),
    confirmDelete: () => send({ type: 'address.delete.confirm' }),
    cancelDelete: () => send({ type: 'address.delete.cancel' }),
  };
}

export type AccountApi = ReturnType<typeof connect>;

/** The verification page: still verifying, or done (the view goes home). */
export function verifyStatus(snapshot: SnapshotFrom<typeof newsletterVerifyMachine>): 'verifying' | 'done' {
  return snapshot.matches('done') ? 'done' : 'verifying';
}
