import type { LoaderFunctionArgs } from 'react-router-dom';
import { unwrap } from '../../api/client';
import type { RouteServices } from '../../app/route-services';
import type { CollectionItem } from '../catalogue/map-collection';
import type { PriceMap } from '../catalogue/prices';
import { MIN_SUBMIT_LENGTH } from '../../../machines/search/search.types';

/** What the results screen reads with useLoaderData(). */
export interface SearchResultsData {
  /** The query as it is in the route, decoded (the heading shows it). */
  query: string;
  items: CollectionItem[];
}

/**
 * Search results loader (catalogue-and-content.md sections 2, 7, 8): `GET /cms/products/search/{query}`
 * and the price map, mapped to collection items sorted by title. A failed call, a query of fewer
 * than 2 characters or a missing client gives no items with the same heading (section 8: "an
 * empty result titled 'Results for' the query"), never an error screen.
 */
export function createSearchLoader(services: RouteServices) {
  return async ({ params }: LoaderFunctionArgs): Promise<SearchResultsData> => {
    const query = params.query ?? '';
    const trimmed = query.trim();
    const api = services.api;
    if (!api || trimmed.length < MIN_SUBMIT_LENGTH) return { query, items: [] };
    // The mapper is fetched beside the data: it stays out of the first load (decision 020).
    const [refs, prices, { mapSearchResults }] = await Promise.all([
      unwrap(api.GET('/cms/products/search/{query}', { params: { path: { query: trimmed } } })).then(
        (envelope) => envelope?.data ?? [],
        (error: unknown) => {
          console.warn(`Search for "${trimmed}" failed; showing no results.`, error);
          return [];
        },
      ),
      services.prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
      import('./map-search'),
    ]);
    return { query, items: mapSearchResults(refs, prices) };
  };
}
