import type { FastifyInstance } from 'fastify';
import type { Handlers, ResultOf } from '../contract/routes';
import { readDocument, searchProducts, type CmsKind } from '../catalogue/content';
import { PreparedJson } from '../contract/prepared-json';

const envelope = <T>(data: T) => ({ data, meta: {} });

export function cmsRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  // Content documents are written only by the seed, before the server listens, and never change
  // while it runs: each one is read from the database once per process (bench: the product
  // document endpoint answered 455 req/s from one query per request). Only documents that exist
  // are kept, so unknown keys cannot grow the map; reads of the same key share one query. Each is
  // kept as its answer serialized once, sent as bytes with an ETag (issue 21 item 1).
  const documents = new Map<string, Promise<PreparedJson>>();
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
