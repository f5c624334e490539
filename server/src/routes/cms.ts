import type { FastifyInstance } from 'fastify';
import type { Handlers, ResultOf } from '../contract/routes';
import { readDocument, searchProducts } from '../catalogue/content';

const envelope = <T>(data: T) => ({ data, meta: {} });

export function cmsRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    getCmsPage: async ({ params }) =>
      envelope(await readDocument(db, 'page', params.slug)) as ResultOf<'getCmsPage'>,
    getCmsProduct: async ({ params }) =>
      envelope(await readDocument(db, 'product', params.documentId)) as ResultOf<'getCmsProduct'>,
    getCmsProductGroup: async ({ params }) =>
      envelope(await readDocument(db, 'product-group', params.documentId)) as ResultOf<'getCmsProductGroup'>,
    searchCmsProducts: async ({ params }) =>
      envelope(await searchProducts(db, params.query)) as ResultOf<'searchCmsProducts'>,
  };
}
