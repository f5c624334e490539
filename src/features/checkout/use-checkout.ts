import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type ActorRefFrom, type Snapshot, type SnapshotFrom } from 'xstate';
import { sessionStatus } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { createCheckoutActors } from '../../../machines/checkout/checkout.actors';
import { checkoutStep, connect, type CheckoutApi } from '../../../machines/checkout/checkout.connect';
import type { CheckoutStep } from '../../../machines/checkout/checkout.types';
import { checkoutMachine } from '../../../machines/checkout/checkout.machine';
import { CHECKOUT_STORAGE_KEY, checkoutFromStore, checkoutToStore, type CheckoutOwner } from '../../../machines/checkout/checkout.persistence';
import { createFflDealerActors } from '../../../machines/ffl-dealer/ffl-dealer.actors';
import { connect as connectDealer, type FflDealerApi } from '../../../machines/ffl-dealer/ffl-dealer.connect';
import { fflDealerMachine } from '../../../machines/ffl-dealer/ffl-dealer.machine';
import { createGeocodingClient, geocodingBaseUrl } from '../../api/client';
import { useAppActors, useAppServices } from '../../services/providers';
import { useForwardNotifications } from '../../components/use-notifications';
import { useConnect } from '../../components/use-connect';
import { cardTokenizerFor } from './card-tokenizer';

/**
 * The checkout actor of one visit to /checkout (a new checkout each time the page is entered).
 * It is wired to the app's actors here: the cart actor's cart flows in as
 * `checkout.cart.updated`, the checkout's `cart.replace` (compute, promo, removals, the order)
 * and `cart.refresh` (a guest cart call's 404) go to the cart actor, and its notifications to the
 * banner. The tokenizer is the payment
 * provider's browser script (src/features/payments/). The FFL dealer step is the checkout's
 * child actor (decision 029), with the dealer locator's list and geocoding calls.
 */
export function useCheckout() {
  const services = useAppServices();
  const actors = useAppActors();
  const tokenizer = cardTokenizerFor(services.settings);
  const machine = useMemo(() => {
    const geocoding = createGeocodingClient({ baseUrl: geocodingBaseUrl(services.settings.apiBaseUrl) });
    return checkoutMachine.provide({
      actors: {
        ...createCheckoutActors({ api: services.api, tokenizeCard: (card) => tokenizer.tokenizeCard(card) }),
        fflDealer: fflDealerMachine.provide({ actors: createFflDealerActors({ api: services.api, geocoding }) }),
      },
    });
  }, [services.api, services.settings.apiBaseUrl, tokenizer]);
  // Whose checkout this is: a stored checkout of someone else (signed out, another account) is not restored.
  const owner: CheckoutOwner = useActorSelector(actors.session, checkoutOwner);
  // The checkout of this tab before a reload or a visit elsewhere (issue 18 item 4; decision 040).
  const [restored] = useState(() => restore(machine, owner));
  // A restored snapshot carries its own context; the input is what a fresh checkout starts from.
  const checkout = useActorRef(machine, { snapshot: restored, input: { cart: actors.cart.getSnapshot().context.cart } });
  // The billing form starts from what was typed before (null: the profile's or empty defaults).
  const [draft] = useState(() => checkout.getSnapshot().context.draft);
  usePersistedCheckout(checkout, owner);
  // The step the shopper has on screen (set once the page shows a step).
  const shownStep = useRef<CheckoutStep | null>(null);

  useEffect(() => {
    const forwarded = [
      checkout.on('cart.replace', (event) => actors.cart.send(event)),
      // A guest cart call answered 404: the cart actor loads the guest's cart again (decision 034).
      checkout.on('cart.refresh', (event) => actors.cart.send(event)),
      // Where the shopper ships this visit: the cart keeps it for the shipment notes (decision 030).
      checkout.on('destination.accepted', (event) => actors.cart.send({ type: 'cart.destination.chosen', destination: event.destination })),
    ];
    let last = actors.cart.getSnapshot().context.cart;
    checkout.send({ type: 'checkout.cart.updated', cart: last });
    const cartSub = actors.cart.subscribe((snapshot) => {
      if (snapshot.context.cart === last) return;
      last = snapshot.context.cart;
      checkout.send({ type: 'checkout.cart.updated', cart: last });
    });
    return () => {
      forwarded.forEach((sub) => sub.unsubscribe());
      cartSub.unsubscribe();
    };
  }, [checkout, actors.cart]);
  // A notice raised by a move to another step or out of checkout ('The cart has changed' back to
  // billing, every item removed on the way home) announces where the shopper lands: it survives
  // that one change (docs/decisions/036). Emitted events arrive once the snapshot holds the new
  // state, before the page has shown it.
  useForwardNotifications(checkout, () => {
    const snapshot = checkout.getSnapshot();
    return snapshot.status === 'done' || (shownStep.current !== null && checkoutStep(snapshot) !== shownStep.current);
  });

  const api: CheckoutApi = useConnect(checkout, (snapshot) => connect(snapshot, checkout.send));

  // Messages belong to their moment: a step change clears the notice of the step left ('Errors in
  // the Billing Form' does not stay up on payment), like a route change (src/app/route-changes.ts).
  useEffect(() => {
    const previous = shownStep.current;
    shownStep.current = api.step;
    if (previous !== null && previous !== api.step) actors.notification.send({ type: 'notification.routeChanged' });
  }, [api.step, actors.notification]);
  const dealerActor = useActorSelector(checkout, (snapshot) => snapshot.children.fflDealer);
  const dealer = useFflDealer(dealerActor);
  return { api, tokenizer, dealer, draft };
}

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** The signed-in user's subject, else 'guest' (the checkout route renders once the session settled). */
function checkoutOwner(snapshot: SnapshotFrom<typeof sessionMachine>): CheckoutOwner {
  return sessionStatus(snapshot) === 'authenticated' ? (snapshot.context.user?.claims.sub ?? 'guest') : 'guest';
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The stored checkout snapshot of this tab, if it reads back and the machine takes it (an actor
 * is created from it and never started, so nothing runs); otherwise it is dropped.
 */
function restore(machine: typeof checkoutMachine, owner: CheckoutOwner): Snapshot<unknown> | undefined {
  const store = storage();
  const snapshot = checkoutFromStore(store?.getItem(CHECKOUT_STORAGE_KEY) ?? null, { owner, now: Date.now() });
  if (!snapshot) {
    store?.removeItem(CHECKOUT_STORAGE_KEY);
    return undefined;
  }
  try {
    createActor(machine, { snapshot, input: { cart: null } });
    return snapshot;
  } catch {
    store?.removeItem(CHECKOUT_STORAGE_KEY);
    return undefined;
  }
}

/**
 * Keeps the checkout's persisted snapshot in sessionStorage: after each change (a moment later, so
 * typing writes once), at once when the page is hidden or unloaded, and removes it once the
 * checkout is over (decision 040).
 */
function usePersistedCheckout(checkout: CheckoutActor, owner: CheckoutOwner) {
  useEffect(() => {
    const store = storage();
    if (!store) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      clearTimeout(timer);
      timer = undefined;
      const snapshot = checkout.getSnapshot();
      const stored = checkoutToStore(snapshot, checkout.getPersistedSnapshot(), { owner, now: Date.now() });
      try {
        if (stored) store.setItem(CHECKOUT_STORAGE_KEY, stored);
        else if (snapshot.status !== 'active') store.removeItem(CHECKOUT_STORAGE_KEY);
      } catch {
        // A full or refused storage: the checkout goes on, it is only not kept for a reload.
      }
    };
    const later = () => {
      if (checkout.getSnapshot().status !== 'active') return write();
      clearTimeout(timer);
      timer = setTimeout(write, 250);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') write();
    };
    const sub = checkout.subscribe(later);
    window.addEventListener('pagehide', write);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', write);
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving checkout within the shop: keep what was typed for the next visit.
      if (timer !== undefined) write();
    };
  }, [checkout, owner]);
}

type FflDealerActor = ActorRefFrom<typeof fflDealerMachine>;

/** The dealer step's view of its actor (null before the checkout has started it). */
function useFflDealer(actor: FflDealerActor | undefined): FflDealerApi | null {
  return useConnect(actor, (snapshot) => (actor && snapshot ? connectDealer(snapshot, actor.send) : null));
}
