import type { FastifyInstance } from 'fastify';
import type { Handlers, ResultOf } from '../contract/routes';
import { readDocument, searchProducts, type CmsKind } from '../catalogue/content';
import { PreparedJson } from '../contract/prepared-json';

const envelope = <T>(data: T) => ({ data, meta: {} });

export function cmsRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  // Each content document is read from the database once per process (bench: the product
  // document endpoint answered 455 req/s from one query per request) and kept until the
  // catalogue changes, here or in another process on the same database (migration 0014's
  // notices). Only documents that exist are kept, so unknown keys cannot grow the map; reads of
  // the same key share one query. Each is kept as its answer serialized once, sent as bytes with
  // an ETag (issue 21 item 1).
  const documents = new Map<string, Promise<PreparedJson>>();
  app.onCatalogueChange(() => documents.clear());
  const read = <T>(kind: CmsKind, key: string) => {
    const id = `${kind}\u0000${key}`;
    let document = documents.get(id);
    if (!document) {
      document = readDocument(db, kind, key).then((data) => new PreparedJson(envelope(data)));
      documents.set(id, document);
      document.catch(() => documents.delete(id));
    }
    return document as Promise<PreparedJson<T>>;
  };
  return {
    getCmsPage: ({ params }) => read<ResultOf<'getCmsPage'>>('page', params.slug),
    getCmsProduct: ({ params }) => read<ResultOf<'getCmsProduct'>>('product', params.documentId),
    getCmsProductGroup: ({ params }) => read<ResultOf<'getCmsProductGroup'>>('product-group', params.documentId),
    searchCmsProducts: async ({ params }) =>
      envelope(await searchProducts(db, params.query)) as ResultOf<'searchCmsProducts'>,
  };
}
