import type { FastifyInstance } from 'fastify';
import type { Handlers, ResultOf } from '../contract/routes';
import { readDocument, searchProducts, type CmsKind } from '../catalogue/content';

const envelope = <T>(data: T) => ({ data, meta: {} });

export function cmsRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  // Content documents are written only by the seed, before the server listens, and never change
  // while it runs: each one is read from the database once per process (bench: the product
  // document endpoint answered 455 req/s from one query per request). Only documents that exist
  // are kept, so unknown keys cannot grow the map; reads of the same key share one query.
  const documents = new Map<string, Promise<Record<string, unknown>>>();
  const read = (kind: CmsKind, key: string) => {
    const id = `${kind}\u0000${key}`;
    let document = documents.get(id);
    if (!document) {
      document = readDocument(db, kind, key);
      documents.set(id, document);
      document.catch(() => documents.delete(id));
    }
    return document;
  };
  return {
    getCmsPage: async ({ params }) => envelope(await read('page', params.slug)) as ResultOf<'getCmsPage'>,
    getCmsProduct: async ({ params }) => envelope(await read('product', params.documentId)) as ResultOf<'getCmsProduct'>,
    getCmsProductGroup: async ({ params }) =>
      envelope(await read('product-group', params.documentId)) as ResultOf<'getCmsProductGroup'>,
    searchCmsProducts: async ({ params }) =>
      envelope(await searchProducts(db, params.query)) as ResultOf<'searchCmsProducts'>,
  };
}
