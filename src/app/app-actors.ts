import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { createCartActors } from '../../machines/cart/cart.actors';
import { cartMachine } from '../../machines/cart/cart.machine';
import {
  CARRIED_LINES_KEY,
  DESTINATION_KEY,
  GUEST_TOKEN_KEY,
  USER_LINES_KEY,
  type CartLineInput,
  type ShipmentDestination,
} from '../../machines/cart/cart.types';
import { createAnalyticsSender } from '../../machines/consent/consent.actors';
import { consentMachine } from '../../machines/consent/consent.machine';
import { notificationMachine } from '../../machines/notification/notification.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { defaultShippingDestination } from '../domain/shipment-destination';
import { currentPagePath, readStoredConsent, watchActivity, writeStoredConsent } from '../features/consent/consent-services';
import { readGuestToken, type AppServices } from '../services/app-services';
import type { AppActors } from '../services/providers';

/*
 * The app's actors, in a chunk of their own: xstate and the machines load beside hydration, not
 * before it (issue 16, decision 057). src/main.tsx imports this module dynamically; the views that
 * read an actor wait for it inside Suspense boundaries (src/services/providers.tsx).
 */

export interface AppActorsOptions {
  /** Stately inspector observer in development (src/app/inspector.ts). */
  inspect?: Observer<InspectionEvent>;
  /** Scrolls the page up when a notification appears; the DOM version by default. */
  scrollToTop?: () => void;
}

/**
 * Creates and starts the app-wide actors, once per page load (main.tsx). Machine side effects
 * that need the DOM, storage, the API client or the identity provider are provided here, so
 * machines stay plain TypeScript.
 *
 * The actors are separate roots that talk through the session's emitted events, forwarded here
 * (docs/decisions/006): the session says who owns the cart (`session.authenticated` ->
 * `cart.owner.user`, `session.anonymous` -> `cart.owner.guest`, `session.ended` -> `cart.reset`,
 * `session.expired` -> `cart.owner.expired`: the cart stays, issue 18),
 * and both machines' `notification.show` go to the notification banner (the cart's without
 * scrolling the page, the session's surviving the route change they come with). The listeners are in
 * place before the session starts, so no owner change is missed. The cart also learns where the
 * shopper ships (decision 030): the profile's default shipping address when it loads, and the
 * destination checkout accepted this visit, kept in session storage and read back here.
 */
export function createAppActors(
  services: Pick<AppServices, 'api' | 'identity'>,
  { inspect, scrollToTop = scrollWindowToTop }: AppActorsOptions = {},
): AppActors {
  const notification = createActor(notificationMachine.provide({ actions: { scrollToTop: () => scrollToTop() } }), {
    id: 'notification',
    inspect,
  }).start();

  const cart = createActor(
    cartMachine.provide({
      actors: createCartActors(services.api),
      actions: {
        // Storage disabled: the token lives in the cart machine for this page load only.
        storeGuestToken: (_, params) => writeStored(localStore, GUEST_TOKEN_KEY, params.guestToken),
        forgetStoredGuestToken: () => writeStored(localStore, GUEST_TOKEN_KEY, null),
        storeDestination: (_, params) => writeStoredDestination(params.destination),
        forgetStoredDestination: () => writeStoredDestination(null),
        storeUserLines: (_, params) => writeStoredLines(sessionStore, USER_LINES_KEY, params.lines),
        forgetStoredUserLines: () => writeStoredLines(sessionStore, USER_LINES_KEY, null),
        storeCarriedLines: (_, params) => writeStoredLines(localStore, CARRIED_LINES_KEY, params.lines),
        forgetStoredCarriedLines: () => writeStoredLines(localStore, CARRIED_LINES_KEY, null),
      },
    }),
    {
      id: 'cart',
      inspect,
      input: {
        guestToken: readGuestToken() ?? null,
        destination: readStoredDestination(),
        userLines: readStoredLines(sessionStore, USER_LINES_KEY),
        carried: readStoredLines(localStore, CARRIED_LINES_KEY),
      },
    },
  );
  const session = createActor(
    sessionMachine.provide({ actors: createSessionActors({ client: services.identity, api: services.api }) }),
    { id: 'session', inspect },
  );

  session.on('session.authenticated', () => cart.send({ type: 'cart.owner.user' }));
  session.on('session.anonymous', () => cart.send({ type: 'cart.owner.guest' }));
  session.on('session.ended', () => cart.send({ type: 'cart.reset' }));
  session.on('session.expired', () => cart.send({ type: 'cart.owner.expired' }));
  session.on('session.profile.loaded', ({ profile }) =>
    cart.send({ type: 'cart.destination.default', destination: defaultShippingDestination(profile.addresses) }),
  );
  // Session notices are about the visit, not the page: 'Sign-in failed' or the already-registered
  // warning are raised on the way to the page they land on, so they survive that route change.
  session.on('notification.show', (event) => notification.send({ ...event, survivesNavigation: true }));
  // Cart notices answer Add to Cart or a quantity change where the shopper is: the page stays put
  // (issue 18, docs/decisions/036); the banner sticks under the header.
  cart.on('notification.show', (event) => notification.send({ ...event, keepScroll: true }));

  cart.start();
  session.start();
  return { notification, session, cart, consent: createConsentActor(services, inspect) };
}

/**
 * Analytics consent (machines/consent): the stored decision is read once, as input; nothing is
 * sent unless the machine is `accepted`. Page views come from the router (main.tsx binds
 * src/app/consent-page-views.ts).
 */
function createConsentActor(services: Pick<AppServices, 'api'>, inspect?: Observer<InspectionEvent>) {
  const sendAnalytics = createAnalyticsSender(services.api);
  return createActor(
    consentMachine.provide({
      actions: {
        storeDecision: (_, params) => writeStoredConsent(params.stored),
        sendAnalytics: (_, params) => sendAnalytics(params),
      },
      actors: { watchActivity },
    }),
    { id: 'consent', inspect, input: { stored: readStoredConsent(), path: currentPagePath() } },
  ).start();
}

/** The browser's storages, read when used: with storage disabled even reading one may throw. */
type StorageOf = () => Storage | undefined;
const sessionStore: StorageOf = () => globalThis.sessionStorage;
const localStore: StorageOf = () => globalThis.localStorage;

/** A stored JSON value; anything unreadable (or storage disabled) counts as none. */
function readStoredJson(storage: StorageOf, key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** Stores a value (null removes it); with storage disabled or full the machine keeps it for this page load. */
function writeStored(storage: StorageOf, key: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Storage disabled or full.
  }
}

/**
 * The destination checkout accepted, for this browser session only (session storage): a state
 * code and a zip, never the street address. Anything unreadable counts as none.
 */
export function readStoredDestination(): ShipmentDestination | null {
  const stored = readStoredJson(sessionStore, DESTINATION_KEY);
  if (!stored || typeof stored !== 'object') return null;
  const { state, zip } = stored as Record<string, unknown>;
  return typeof state === 'string' && /^[A-Z]{2}$/.test(state) && typeof zip === 'string' && /^\d{5}$/.test(zip) ? { state, zip } : null;
}

function writeStoredDestination(destination: ShipmentDestination | null) {
  writeStored(sessionStore, DESTINATION_KEY, destination && JSON.stringify({ state: destination.state, zip: destination.zip }));
}

/**
 * Cart lines kept in storage (issue 18): the signed-in user's as last seen (session storage) and
 * those a guest cart carried over from them (local storage, next to the guest token). Product
 * ids, options and quantities only; the server checks them again when they are added, and a line
 * it refuses is left out, so only the shape of a list is checked here.
 */
export function readStoredLines(storage: StorageOf, key: string): CartLineInput[] | null {
  const stored = readStoredJson(storage, key);
  return Array.isArray(stored) && stored.length > 0 && stored.every((line) => typeof line?.productId === 'string') ? stored : null;
}

function writeStoredLines(storage: StorageOf, key: string, lines: CartLineInput[] | null) {
  writeStored(storage, key, lines?.length ? JSON.stringify(lines) : null);
}

function scrollWindowToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

