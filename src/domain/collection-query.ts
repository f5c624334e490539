import { DEFAULT_SORT, isSortOrder, type FilterSelection, type SortOrder } from './collection-filters';

/**
 * The filterable grid's state in the URL's query (decision 041), so Back, Forward, reload and a
 * shared link keep it, and the server renders the same filtered page:
 *   ?filter.Caliber=.308+Win&filter.Caliber=6.5+Creedmoor&sort=price-asc&q=summit
 * One `filter.<category>` parameter per checked value, in the order checked; `sort` only when it
 * is not the default; `q` only when the search box holds text. Other parameters are kept.
 */
export interface CollectionView {
  selection: FilterSelection;
  query: string;
  sort: SortOrder;
}

export const FILTER_PARAM_PREFIX = 'filter.';
export const SORT_PARAM = 'sort';
export const QUERY_PARAM = 'q';

export const EMPTY_VIEW: CollectionView = { selection: {}, query: '', sort: DEFAULT_SORT };

/** Reads the view from the query. An unknown sort is the default; repeated values count once. */
export function parseCollectionView(params: URLSearchParams): CollectionView {
  const selection: Record<string, string[]> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(FILTER_PARAM_PREFIX) || !value) continue;
    const category = key.slice(FILTER_PARAM_PREFIX.length);
    if (!category) continue;
    const values = (selection[category] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  const sort = params.get(SORT_PARAM);
  return { selection, query: params.get(QUERY_PARAM) ?? '', sort: isSortOrder(sort) ? sort : DEFAULT_SORT };
}

/** Writes the view into a copy of `base`, replacing this grid's parameters and keeping the others. */
export function serializeCollectionView(view: CollectionView, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of base) {
    if (key.startsWith(FILTER_PARAM_PREFIX) || key === SORT_PARAM || key === QUERY_PARAM) continue;
    next.append(key, value);
  }
  for (const [category, values] of Object.entries(view.selection)) {
    for (const value of values) next.append(`${FILTER_PARAM_PREFIX}${category}`, value);
  }
  if (view.sort !== DEFAULT_SORT) next.set(SORT_PARAM, view.sort);
  if (view.query) next.set(QUERY_PARAM, view.query);
  return next;
}
