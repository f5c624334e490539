import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cmsDocuments } from '../db/schema';
import { notFound } from '../problem';

export type CmsKind = 'page' | 'product' | 'product-group';

export async function readDocument(db: Db, kind: CmsKind, key: string): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ data: cmsDocuments.data })
    .from(cmsDocuments)
    .where(and(eq(cmsDocuments.kind, kind), eq(cmsDocuments.key, key)));
  if (!row) throw notFound(`No ${kind.replace('-', ' ')} '${key}' exists`);
  return row.data;
}

/** The product reference that collections, related products and search answer with. */
export function productRef(product: Record<string, unknown>) {
  const skus = (product.skus as Record<string, unknown>[] | undefined) ?? [];
  return {
    id: product.id,
    documentId: product.documentId,
    title: product.title,
    subtitle: product.subtitle ?? '',
    display_type: product.display_type,
    image: product.image,
    hover_image: product.hover_image ?? null,
    ffl_item: product.ffl_item ?? false,
    receiver_item: product.receiver_item ?? false,
    tag: product.tag ?? null,
    filter_tags: product.filter_tags ?? [],
    skus: skus.map((s) => ({
      sku: s.sku,
      restricted_states: s.restricted_states ?? [],
      restricted_zips: s.restricted_zips ?? [],
    })),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Case-insensitive match on title or subtitle, sorted by title (catalogue spec section 5). */
export async function searchProducts(db: Db, query: string) {
  const pattern = `%${escapeLike(query.trim())}%`;
  const rows = await db
    .select({ data: cmsDocuments.data })
    .from(cmsDocuments)
    .where(
      and(
        eq(cmsDocuments.kind, 'product'),
        or(ilike(cmsDocuments.title, pattern), ilike(cmsDocuments.subtitle, pattern)),
      ),
    )
    .orderBy(asc(sql`lower(${cmsDocuments.title})`))
    .limit(50);
  return rows.map((r) => productRef(r.data));
}
