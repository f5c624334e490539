import type { ApiClient, GeocodingClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { createDealerSearchActors } from '../shared/dealer-search.actors';
import type { LocatorDealer } from './dealer-locator.types';

type Dealer = components['schemas']['Dealer'];

export interface LocatorActorDeps {
  api: ApiClient;
  geocoding: GeocodingClient;
  /** The app's mapper from the API's dealers to the cards' form. */
  toDealers: (dealers: readonly Dealer[]) => LocatorDealer[];
}

/**
 * The locator machine's actors, provided by the screen with
 * `dealerLocatorMachine.provide({ actors: createLocatorActors(deps) })`; tests provide fakes.
 * The dealer list and the geocoding are the shared dealer search's (machines/shared), which the
 * checkout's FFL dealer step uses too.
 */
export function createLocatorActors(deps: LocatorActorDeps) {
  return createDealerSearchActors(deps);
}
