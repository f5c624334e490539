import { fromPromise } from 'xstate';
import { unwrap, type ApiClient, type GeocodingClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import { createDealerSearchActors } from '../shared/dealer-search.actors';
import type { FflDealer, LastDealerAnswer } from './ffl-dealer.types';

type Dealer = components['schemas']['Dealer'];

export interface FflDealerActorDeps {
  api: ApiClient;
  geocoding: GeocodingClient;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const coordinate = (value: unknown, limit: number) => (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : null);

/**
 * A contract Dealer as the step lists it; null when it cannot be placed on the map or listed (no
 * name or coordinates). Its licence counts only as the server reports it (`licenceCurrent`).
 */
export function toFflDealer(dealer: Dealer): FflDealer | null {
  const name = text(dealer.name);
  const latitude = coordinate(dealer.latitude, 90);
  const longitude = coordinate(dealer.longitude, 180);
  if (!name || latitude === null || longitude === null || !Number.isInteger(dealer.id)) return null;
  return {
    id: dealer.id,
    name,
    address: text(dealer.address1),
    city: text(dealer.city),
    state: text(dealer.state),
    zip: text(dealer.postalCode),
    email: text(dealer.email),
    phone: text(dealer.phoneNumber),
    licenceEnding: text(dealer.licenceEnding) || null,
    licenceCurrent: dealer.licenceCurrent === true,
    latitude,
    longitude,
  };
}

export const toFflDealers = (dealers: readonly Dealer[]): FflDealer[] =>
  dealers.flatMap((dealer) => {
    const mapped = toFflDealer(dealer);
    return mapped ? [mapped] : [];
  });

/**
 * The step's actors over the API client (decision 029): the dealer list and the geocoding are
 * the dealer locator's (machines/shared/dealer-search.actors.ts), and the signed-in customer's
 * last dealer is GET /User/last-dealer. Provided with `fflDealerMachine.provide({ actors })`.
 */
export function createFflDealerActors({ api, geocoding }: FflDealerActorDeps) {
  return {
    ...createDealerSearchActors({ api, geocoding, toDealers: toFflDealers }),
    loadLastDealer: fromPromise<LastDealerAnswer>(async ({ signal }) => {
      const answer = await unwrap(api.GET('/User/last-dealer', { signal }));
      return { dealer: answer.dealer ? toFflDealer(answer.dealer) : null };
    }),
  };
}
