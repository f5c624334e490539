import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { unwrap } from '../../api/client';
import type { RouteServices } from '../../services/route-services';
import type { Collection, CollectionLayout } from '../../domain/map-collection';
import type { PriceMap } from '../../api/prices';

/** What a collection screen reads with useLoaderData(). `collection` is null when it could not be loaded. */
export interface CollectionPageData {
  layout: CollectionLayout;
  collection: Collection | null;
}

/**
 * Collection route loader (catalogue-and-content.md section 7): `GET /cms/product-groups/{documentId}`
 * and the price map, joined by sku in mapCollection. A 404, a failed call or a missing client
 * gives `collection: null` (the screen's 'No items found' state), never an error screen; the server
 * answers it with 404 (503 when the API failed).
 * The layout is the route's, so a link always shows the layout its URL names.
 */
export function createCollectionLoader(services: RouteServices, layout: CollectionLayout) {
  return async ({ params }: LoaderFunctionArgs) => {
    const documentId = params.documentId ?? '';
    const api = services.api;
    if (!api || !documentId) return data<CollectionPageData>({ layout, collection: null }, { status: 404 });
    // The status the server answers with when the collection cannot be shown.
    let failure = 404;
    // The mapper is fetched beside the data: it stays out of the first load (decision 020).
    const [group, prices, { mapCollection }] = await Promise.all([
      unwrap(api.GET('/cms/product-groups/{documentId}', { params: { path: { documentId } } })).then(
        (envelope) => envelope?.data ?? null,
        (error: unknown) => {
          // An unknown collection is an expected answer, and so is an id no collection can have
          // (the API's 400 or 414); anything else is worth a trace.
          if (!(error instanceof ApiError && [400, 404, 414].includes(error.status))) {
            console.warn(`Collection ${documentId} could not be loaded.`, error);
            failure = 503;
          }
          return null;
        },
      ),
      services.prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
      import('../../domain/map-collection'),
    ]);
    const page: CollectionPageData = { layout, collection: mapCollection(group, prices) };
    return page.collection ? page : data(page, { status: failure });
  };
}
