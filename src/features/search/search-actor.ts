import { createActor, type ActorRefFrom } from 'xstate';
import { createSearchActors } from '../../../machines/search/search.actors';
import { searchMachine } from '../../../machines/search/search.machine';
import type { AppServices } from '../../services/app-services';
import { mapSuggestions } from './map-search';

export type SearchActor = ActorRefFrom<typeof searchMachine>;

const actors = new WeakMap<AppServices['ui'], SearchActor>();

/**
 * The search actor of the app (one per app services: the header's icon and the overlay share it,
 * and the header is not ours to wrap in a provider). Started on first use and kept for the page's
 * life. The overlay flag it toggles and closes lives in the shell's UI store; navigation is
 * handled by the overlay (it has the router).
 */
export function searchActorFor(services: Pick<AppServices, 'api' | 'ui' | 'prices'>): SearchActor {
  const existing = actors.get(services.ui);
  if (existing) return existing;
  const actor = createActor(
    searchMachine.provide({
      actors: createSearchActors({
        api: services.api,
        toSuggestions: mapSuggestions,
        loadPrices: (fetch) => services.prices.load({ fetch }),
      }),
    }),
  );
  actor.on('search.overlay.toggle', () => services.ui.trigger['search.toggle']());
  actor.on('search.overlay.close', () => services.ui.trigger['search.close']());
  actor.start();
  actors.set(services.ui, actor);
  return actor;
}
