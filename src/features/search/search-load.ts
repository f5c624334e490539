import type { LoaderFunctionArgs } from 'react-router-dom';
import { unwrap, type ApiClient } from '../../api/client';
import type { RouteServices } from '../../services/route-services';
import type { CollectionItem } from '../../domain/map-collection';
import type { PriceMap } from '../../api/prices';
import { MIN_SUBMIT_LENGTH } from '../../../machines/search/search.types';
import type { SearchResultsData } from './search-loader';
import { mapSearchResults } from './map-search';

/**
 * Search results (loaded beside the data by the route's loader, with the mapper, decision 020) (catalogue-and-content.md sections 2, 7, 8): `GET /cms/products/search/{query}`
 * and the price map, mapped to collection items in the server's order (title matches first, each
 * group sorted by title: decision 039). A failed call, a query of fewer than 2 characters or a
 * missing client gives no items with the same heading (section 8: "an empty result titled
 * 'Results for' the query"), never an error screen. No items bring the no-results help.
 */
export async function loadSearchResults(services: RouteServices, { params }: LoaderFunctionArgs): Promise<SearchResultsData> {
  const query = params.query ?? '';
  const trimmed = query.trim();
  const api = services.api;
  const items = api && trimmed.length >= MIN_SUBMIT_LENGTH ? await search(api, services, trimmed) : [];
  if (items.length > 0) return { query, items, help: null };
  // The no-results help loads only when it is needed.
  const help = await import('./no-results')
    .then(({ loadNoResultsHelp }) => loadNoResultsHelp(services))
    .catch((error: unknown) => {
      console.warn('Suggestions for an empty search could not be loaded.', error);
      return null;
    });
  return { query, items, help };
}

async function search(api: ApiClient, services: RouteServices, query: string): Promise<CollectionItem[]> {
  const [refs, prices] = await Promise.all([
    unwrap(api.GET('/cms/products/search/{query}', { params: { path: { query } } })).then(
      (envelope) => envelope?.data ?? [],
      (error: unknown) => {
        console.warn(`Search for "${query}" failed; showing no results.`, error);
        return [];
      },
    ),
    services.prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
  ]);
  return mapSearchResults(refs, prices);
}
