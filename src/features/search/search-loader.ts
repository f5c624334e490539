import type { LoaderFunctionArgs } from 'react-router-dom';
import { unwrap, type ApiClient } from '../../api/client';
import type { RouteServices } from '../../app/route-services';
import type { CollectionItem } from '../catalogue/map-collection';
import type { PriceMap } from '../catalogue/prices';
import { MIN_SUBMIT_LENGTH } from '../../../machines/search/search.types';
import type { NoResultsHelp } from './no-results';

/** What the results screen reads with useLoaderData(). */
export interface SearchResultsData {
  /** The query as it is in the route, decoded (the heading shows it). */
  query: string;
  items: CollectionItem[];
  /** When nothing matched: categories and a few products to go on with (issue 19 item 3). */
  help: NoResultsHelp | null;
}

/**
 * Search results loader (catalogue-and-content.md sections 2, 7, 8): `GET /cms/products/search/{query}`
 * and the price map, mapped to collection items in the server's order (title matches first, each
 * group sorted by title: decision 039). A failed call, a query of fewer than 2 characters or a
 * missing client gives no items with the same heading (section 8: "an empty result titled
 * 'Results for' the query"), never an error screen. No items bring the no-results help.
 */
export function createSearchLoader(services: RouteServices) {
  return async ({ params }: LoaderFunctionArgs): Promise<SearchResultsData> => {
    const query = params.query ?? '';
    const trimmed = query.trim();
    const api = services.api;
    const items = api && trimmed.length >= MIN_SUBMIT_LENGTH ? await search(api, services, trimmed) : [];
    if (items.length > 0) return { query, items, help: null };
    // Fetched beside the data like the mappers: it stays out of the first load (decision 020).
    const help = await import('./no-results')
      .then(({ loadNoResultsHelp }) => loadNoResultsHelp(services))
      .catch((error: unknown) => {
        console.warn('Suggestions for an empty search could not be loaded.', error);
        return null;
      });
    return { query, items, help };
  };
}

async function search(api: ApiClient, services: RouteServices, query: string): Promise<CollectionItem[]> {
  // The mapper is fetched beside the data: it stays out of the first load (decision 020).
  const [refs, prices, { mapSearchResults }] = await Promise.all([
    unwrap(api.GET('/cms/products/search/{query}', { params: { path: { query } } })).then(
      (envelope) => envelope?.data ?? [],
      (error: unknown) => {
        console.warn(`Search for "${query}" failed; showing no results.`, error);
        return [];
      },
    ),
    services.prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
    import('./map-search'),
  ]);
  return mapSearchResults(refs, prices);
}
