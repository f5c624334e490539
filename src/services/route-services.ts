import type { AppServices } from './app-services';
import type { AppActors } from './providers';

/**
 * What route builders get. The API client and prices are optional so route-table tests can build
 * the table without a network.
 */
export type RouteServices = Pick<AppServices, 'pageContent'> & Partial<Pick<AppServices, 'api' | 'prices'>>;
/** The session actor as route loaders get it: once loaded (the actors load beside hydration, decision 057). */
export interface RouteActors {
  session(): Promise<AppActors['session']>;
}

/** The route loaders' view of the actors, there or loading. */
export function routeActorsOf(actors: AppActors | Promise<AppActors>): RouteActors {
  return { session: async () => (await actors).session };
}

/** A loader made from the session actor once it is there (its factory takes the actor itself). */
export function withSession<Args extends unknown[], R>(actors: RouteActors, make: (session: AppActors['session']) => (...args: Args) => R) {
  return async (...args: Args): Promise<Awaited<R>> => await make(await actors.session())(...args);
}

