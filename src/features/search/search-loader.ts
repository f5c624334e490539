import type { LoaderFunctionArgs } from 'react-router-dom';
import type { RouteServices } from '../../services/route-services';
import type { CollectionItem } from '../../domain/map-collection';
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
 * The search results route's loader (src/features/search/search-load.ts does the work). Only
 * this stays in the first load: the calls, the mapper and the no-results help come with their
 * module beside the data (decision 020).
 */
export function createSearchLoader(services: RouteServices) {
  return async (args: LoaderFunctionArgs): Promise<SearchResultsData> => (await import('./search-load')).loadSearchResults(services, args);
}
