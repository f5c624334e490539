import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { unwrap } from '../../api/client';
import type { RouteServices } from '../../services/route-services';
import type { ProductPage } from './map-product';

/** The display types with a layout of their own (section 2); an unknown one keeps the URL's. */
const OWN_LAYOUTS = new Set(['product-short', 'product-short-alt', 'product-long']);

export interface ProductLoaderData {
  /** The documentId from the URL, so the not-found state can name what was asked for. */
  documentId: string;
  /** Null when the product could not be loaded (section 8: "Product load failure: an empty object"). */
  product: ProductPage | null;
  /** The catalogue did not answer (503): the product may well exist. */
  unavailable?: true;
}

/**
 * Product route loader: `GET /cms/products/{documentId}` and the price map (section 7; the prices
 * service already falls back from `Products` to `Products/nocache`), mapped to the views' form.
 * Never throws: a failed or missing product becomes the not-found state of the page, answered
 * with HTTP 404 when the server renders it.
 */
export function createProductLoader(services: RouteServices) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const documentId = params.documentId ?? '';
    const api = services.api;
    const notFound = () => data<ProductLoaderData>({ documentId, product: null }, { status: 404 });
    if (!api || !documentId) return notFound();
    try {
      // The mapper is fetched beside the data: it stays out of the first load (decision 020).
      const [envelope, prices, { mapProduct }] = await Promise.all([
        unwrap(api.GET('/cms/products/{documentId}', { params: { path: { documentId } } })),
        services.prices?.load() ?? Promise.resolve({}),
        import('./map-product'),
      ]);
      // '/product/{displayType}/{documentId}': a product's URL is built from its display_type
      // (section 2). Opened under another layout's URL, it moves to its own, permanently
      // (decision 042): the server answers 301, the browser's router replaces the URL.
      const url = new URL(request.url);
      const [, , displayType, ...rest] = url.pathname.split('/');
      const own = envelope?.data?.display_type;
      if (own && own !== displayType && OWN_LAYOUTS.has(own)) {
        return redirect(['', 'product', own, ...rest].join('/') + url.search + url.hash, 301);
      }
      const product = mapProduct(envelope?.data, prices, displayType);
      if (!product) return notFound();
      // Typed as the page's data, not as this literal: the screen's type is inferred from the
      // loader's answers, and reads `unavailable` from every one of them.
      const page: ProductLoaderData = { documentId, product };
      return page;
    } catch (error) {
      // An unknown product is an ordinary answer, and so is an id no product can have (the API's
      // 400 or 414: characters a documentId never holds, or too many); anything else is worth a note.
      if (!(error instanceof ApiError && [400, 404, 414].includes(error.status))) {
        console.warn(`Product ${documentId} could not be loaded.`, error);
        return data<ProductLoaderData>({ documentId, product: null, unavailable: true }, { status: 503 });
      }
      return notFound();
    }
  };
}
