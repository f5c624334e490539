import { fromPromise } from 'xstate';
import { ApiError } from '../../src/api/api-error';
import { unwrap, type ApiClient, type GeocodingClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { LatLng } from '../../src/domain/distance';
import { GeocodingError, type GeocodeInput } from './geocoding';

type Dealer = components['schemas']['Dealer'];

export interface DealerSearchDeps<TDealer> {
  api: ApiClient;
  geocoding: GeocodingClient;
  /** The caller's mapper from the API's dealers to the form its machine keeps. */
  toDealers: (dealers: readonly Dealer[]) => TDealer[];
}

/**
 * The two calls a dealer search needs, shared by the dealer locator and the checkout's FFL dealer
 * step (decision 029): the shop's dealer list (GET /Dealers), and a zip's point.
 *
 * `geocode` (section 7) uses the first result's geometry location. The service answers 200 with
 * a failure `status` (ZERO_RESULTS, REQUEST_DENIED, ...) or a non-2xx status; both become the
 * section 8 error, with the service's `error_message` (else its status) and the HTTP status.
 */
export function createDealerSearchActors<TDealer extends LatLng>({ api, geocoding, toDealers }: DealerSearchDeps<TDealer>) {
  return {
    loadDealers: fromPromise<TDealer[]>(async ({ signal }) => {
      const dealers = await unwrap(api.GET('/Dealers', { signal }));
      return toDealers(Array.isArray(dealers) ? dealers : []);
    }),
    geocode: fromPromise<LatLng, GeocodeInput>(async ({ input, signal }) => {
      try {
        const { data, response } = await geocoding.GET('/geocode/json', { params: { query: { address: input.zip } }, signal });
        const location = data?.status === 'OK' ? data.results[0]?.geometry.location : undefined;
        if (!location) throw new GeocodingError(data?.error_message || data?.status || 'No results', response.status);
        return { latitude: location.lat, longitude: location.lng };
      } catch (error) {
        if (error instanceof GeocodingError) throw error;
        if (error instanceof ApiError) throw new GeocodingError(error.message, error.status);
        throw new GeocodingError(error instanceof Error ? error.message : String(error), 0);
      }
    }),
  };
}
