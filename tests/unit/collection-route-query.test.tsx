import { describe, expect, it } from 'vitest';
import { FILTERABLE_QUERY, TABBED_QUERY } from '../../src/features/catalogue/collection-routes';
import { FILTER_PARAM_PREFIX, QUERY_PARAM, SORT_PARAM } from '../../src/domain/collection-query';
import { ACTIVE_FILTER_PARAM } from '../../src/features/catalogue/collection-tabbed-screen';

/*
 * The collection routes spell the query parameters their screens read (RouteHandle.query, decision
 * 074) instead of importing them, to keep the screens' modules out of the first load. The server
 * renders a page with these parameters alone, so a parameter missing here would render the page
 * without it while the browser renders with it.
 */
describe('the collection routes declare the query parameters their screens read', () => {
  it('the filterable grid: its filters, sort and search text', () => {
    expect(FILTERABLE_QUERY).toEqual([`${FILTER_PARAM_PREFIX}*`, SORT_PARAM, QUERY_PARAM]);
  });

  it('the tabbed grid: its tab', () => {
    expect(TABBED_QUERY).toEqual([ACTIVE_FILTER_PARAM]);
  });
});
