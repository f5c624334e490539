import { createContext, Suspense, use, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { consentMachine } from '../../machines/consent/consent.machine';
import type { notificationMachine } from '../../machines/notification/notification.machine';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { AppServices } from './app-services';
import { ACTOR_BOUNDARY_ATTRIBUTE, markBoundaryLive } from './hydration';
import { followSettlement, settled } from './settlement';

export interface AppActors {
  notification: ActorRefFrom<typeof notificationMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  consent: ActorRefFrom<typeof consentMachine>;
}

/**
 * The app's actors as views get them. On the server and in unit tests they are there at once; in
 * the browser they load beside hydration (src/main.tsx imports src/app/app-actors.ts), which keeps
 * xstate and the machines off every route's first load (issue 16, decision 057).
 *
 * Their promise follows React's thenable protocol (`status`, `value`): once the actors are there, `use`
 * reads them without suspending. Views always call `use` on it, never only while loading: a
 * component that suspended on a `use` React then replayed without it (the actors had arrived in
 * between) broke React's hook order during hydration (React error 467, the root client-rendered).
 */
const sources = new WeakMap<object, Promise<AppActors>>();

/**
 * Starts following the actors' loading: called by start-up as soon as it begins, so actors that
 * arrive before hydration are there, unsuspended, for the first render (React only knows a
 * promise has settled from its `status`, which this sets when it does).
 */
export function trackActors(actors: AppActors | Promise<AppActors>): Promise<AppActors> {
  let ready = sources.get(actors);
  if (!ready) {
    ready = actors instanceof Promise ? followSettlement(actors) : settled(actors);
    sources.set(actors, ready);
  }
  return ready;
}

interface AppContextValue {
  services: AppServices;
  /** The actors' promise as `trackActors` follows it (React's thenable status once settled). */
  actors: Promise<AppActors>;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProviders({
  services,
  actors,
  children,
}: {
  services: AppServices;
  /** The actors, or their loading (the browser's start-up). */
  actors: AppActors | Promise<AppActors>;
  children: ReactNode;
}) {
  return <AppContext.Provider value={{ services, actors: trackActors(actors) }}>{children}</AppContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProviders is missing above this component.');
  return value;
}

export function useAppServices(): AppServices {
  return useAppContext().services;
}

/**
 * The app's actors. Until they have loaded the component suspends: render it inside an
 * `ActorBoundary`, so the rest of the page hydrates (and works) meanwhile.
 */
export function useAppActors(): AppActors {
  return use(useAppContext().actors);
}

/** The actors once loaded, for an event handler of a part that does not otherwise read them. */
export function useAppActorsLater(): Promise<AppActors> {
  return useAppContext().actors;
}

/**
 * A part of the page that reads the app's actors. While the page hydrates, React keeps the
 * server's HTML of this part until the actors have loaded and hydrates the rest meanwhile
 * (selective hydration); rendered by the browser before they have loaded, it shows `fallback`.
 * Its marker tells the page when this part is live too (src/services/hydration.tsx).
 */
export function ActorBoundary({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <BoundaryMarker />
    </Suspense>
  );
}

function BoundaryMarker() {
  useAppActors();
  const ref = useRef<HTMLTemplateElement>(null);
  useEffect(() => {
    if (ref.current) markBoundaryLive(ref.current);
  }, []);
  return <template ref={ref} {...{ [ACTOR_BOUNDARY_ATTRIBUTE]: '' }} />;
}
