import { and, asc, desc, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  SEARCH_IGNORED_PATTERN,
  compareTitles,
  normalizeSearchText,
} from '../../../src/domain/search-text';
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

/** A column as search compares it: the SQL form of src/domain/search-text.ts normalizeSearchText. */
export function normalizedSql(column: SQL | AnyColumn): SQL {
  return sql`regexp_replace(translate(${column}, ${SEARCH_FOLD_FROM}::text, ${SEARCH_FOLD_TO}::text), ${SEARCH_IGNORED_PATTERN}::text, '', 'g')`;
}

/** At most this many products answer a search. */
export const SEARCH_LIMIT = 50;

/**
 * Products whose title or subtitle contains the query, comparing normalized text: case,
 * punctuation and spaces do not count, so "rk15" and "rk 15" find "RK-15" (issue 19 item 3,
 * docs/decisions/039). Title matches come first, then subtitle-only matches; each group is sorted
 * by title case-insensitively (catalogue spec section 7). A query with nothing left to compare
 * (only punctuation or spaces) matches nothing. The normalization runs in SQL on both PGlite and
 * PostgreSQL (no locale is involved) and the final order is set here, so both answer alike.
 */
export async function searchProducts(db: Db, query: string) {
  const needle = normalizeSearchText(query);
  if (!needle) return [];
  const inTitle = sql<boolean>`strpos(${normalizedSql(cmsDocuments.title)}, ${needle}::text) > 0`;
  const rows = await db
    .select({ data: cmsDocuments.data, title: cmsDocuments.title, inTitle })
    .from(cmsDocuments)
    .where(
      and(
        eq(cmsDocuments.kind, 'product'),
        or(inTitle, sql`strpos(${normalizedSql(cmsDocuments.subtitle)}, ${needle}::text) > 0`),
      ),
    )
    .orderBy(desc(inTitle), asc(sql`lower(${cmsDocuments.title})`), asc(cmsDocuments.title), asc(cmsDocuments.key))
    .limit(SEARCH_LIMIT);
  // The database's collation may order titles differently (PGlite's C locale, a server's
  // en_US): the order shown is this one, the same everywhere.
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => Number(b.row.inTitle) - Number(a.row.inTitle) || compareTitles(a.row.title, b.row.title) || a.index - b.index)
    .map(({ row }) => productRef(row.data));
}
