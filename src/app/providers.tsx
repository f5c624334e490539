import { createContext, useContext, type ReactNode } from 'react';
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { createCartActors } from '../../machines/cart/cart.actors';
import { cartMachine } from '../../machines/cart/cart.machine';
import { DESTINATION_KEY, GUEST_TOKEN_KEY, type ShipmentDestination } from '../../machines/cart/cart.types';
import { createAnalyticsSender } from '../../machines/consent/consent.actors';
import { consentMachine } from '../../machines/consent/consent.machine';
import { notificationMachine } from '../../machines/notification/notification.machine';
import { createSessionActors } from '../../machines/session/session.actors';
import { sessionMachine } from '../../machines/session/session.machine';
import { defaultShippingDestination } from '../domain/shipment-destination';
import { currentPagePath, readStoredConsent, watchActivity, writeStoredConsent } from '../features/consent/consent-services';
import { readGuestToken, type AppServices } from './app-services';

export interface AppActorsOptions {
  /** Stately inspector observer in development (src/app/inspector.ts). */
  inspect?: Observer<InspectionEvent>;
  /** Scrolls the page up when a notification appears; the DOM version by default. */
  scrollToTop?: () => void;
}

export interface AppActors {
  notification: ActorRefFrom<typeof notificationMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  consent: ActorRefFrom<typeof consentMachine>;
}

/**
 * Creates and starts the app-wide actors, once per page load (main.tsx). Machine side effects
 * that need the DOM, storage, the API client or the identity provider are provided here, so
 * machines stay plain TypeScript.
 *
 * The actors are separate roots that talk through the session's emitted events, forwarded here
 * (docs/decisions/006): the session says who owns the cart (`session.authenticated` ->
 * `cart.owner.user`, `session.anonymous` -> `cart.owner.guest`, `session.ended` -> `cart.reset`),
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
        storeGuestToken: (_, params) => writeGuestToken(params.guestToken),
        forgetStoredGuestToken: () => writeGuestToken(null),
        storeDestination: (_, params) => writeStoredDestination(params.destination),
        forgetStoredDestination: () => writeStoredDestination(null),
      },
    }),
    { id: 'cart', inspect, input: { guestToken: readGuestToken() ?? null, destination: readStoredDestination() } },
  );
  const session = createActor(
    sessionMachine.provide({ actors: createSessionActors({ client: services.identity, api: services.api }) }),
    { id: 'session', inspect },
  );

  session.on('session.authenticated', () => cart.send({ type: 'cart.owner.user' }));
  session.on('session.anonymous', () => cart.send({ type: 'cart.owner.guest' }));
  session.on('session.ended', () => cart.send({ type: 'cart.reset' }));
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
 * src/features/consent/consent-page-views.ts).
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

function writeGuestToken(token: string | null) {
  try {
    if (token === null) window.localStorage.removeItem(GUEST_TOKEN_KEY);
    else window.localStorage.setItem(GUEST_TOKEN_KEY, token);
  } catch {
    // Storage disabled: the token lives in the cart machine for this page load only.
  }
}

/**
 * The destination checkout accepted, for this browser session only (session storage): a state
 * code and a zip, never the street address. Anything unreadable counts as none.
 */
export function readStoredDestination(): ShipmentDestination | null {
  try {
    const stored: unknown = JSON.parse(globalThis.sessionStorage?.getItem(DESTINATION_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { state, zip } = stored as Record<string, unknown>;
    return typeof state === 'string' && /^[A-Z]{2}$/.test(state) && typeof zip === 'string' && /^\d{5}$/.test(zip) ? { state, zip } : null;
  } catch {
    return null;
  }
}

function writeStoredDestination(destination: ShipmentDestination | null) {
  try {
    if (destination === null) window.sessionStorage.removeItem(DESTINATION_KEY);
    else window.sessionStorage.setItem(DESTINATION_KEY, JSON.stringify({ state: destination.state, zip: destination.zip }));
  } catch {
    // Storage disabled: the destination lives in the cart machine for this page load only.
  }
}

function scrollWindowToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

interface AppContextValue {
  services: AppServices;
  actors: AppActors;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProviders({ services, actors, children }: AppContextValue & { children: ReactNode }) {
  return <AppContext.Provider value={{ services, actors }}>{children}</AppContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProviders is missing above this component.');
  return value;
}

export function useAppServices(): AppServices {
  return useAppContext().services;
}

export function useAppActors(): AppActors {
  return useAppContext().actors;
}
