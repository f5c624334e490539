import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cmsDocuments, orderItems, orders, reviews, skus, users } from '../db/schema';
import type { BodyOf, ResultOf } from '../contract/routes';
import type { UserRow } from '../identity/users';
import { HttpError, badRequest, notFound } from '../problem';

export type ReviewView = ResultOf<'createReview'>;
export type ReviewInput = BodyOf<'createReview'>;
type ReviewRow = typeof reviews.$inferSelect;

export const DEFAULT_REVIEW_LIMIT = 20;
export const ALREADY_REVIEWED = 'You have already reviewed this product';
/** Orders in these states do not make the author a verified buyer. */
const NOT_BOUGHT = ['cancelled', 'canceled', 'refunded'];

/** The product a reviews_product_id names (in the demo catalogue it equals the documentId). */
export async function findReviewedProduct(db: Db, productId: string): Promise<{ documentId: string; title: string } | undefined> {
  const [row] = await db
    .select({ documentId: cmsDocuments.key, title: cmsDocuments.title })
    .from(cmsDocuments)
    .where(and(eq(cmsDocuments.kind, 'product'), sql`${cmsDocuments.data}->>'reviews_product_id' = ${productId}`));
  return row;
}

async function productTitles(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: sql<string>`${cmsDocuments.data}->>'reviews_product_id'`, title: cmsDocuments.title })
    .from(cmsDocuments)
    .where(and(eq(cmsDocuments.kind, 'product'), inArray(sql`${cmsDocuments.data}->>'reviews_product_id'`, productIds)));
  return new Map(rows.map((r) => [r.productId, r.title]));
}

async function views(db: Db, rows: ReviewRow[]): Promise<ReviewView[]> {
  const titles = await productTitles(db, [...new Set(rows.map((r) => r.productDocumentId))]);
  return rows.map((r) => ({
    id: r.id,
    productId: r.productDocumentId,
    ...(titles.has(r.productDocumentId) ? { productTitle: titles.get(r.productDocumentId)! } : {}),
    rating: r.rating,
    title: r.title,
    body: r.body,
    authorName: r.authorName,
    verifiedBuyer: r.verifiedBuyer,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Newest first; one product's, or all products' for the customer reviews page. */
export async function listReviews(db: Db, options: { productId?: string; limit?: number }): Promise<ReviewView[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(options.productId ? eq(reviews.productDocumentId, options.productId) : undefined)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit ?? DEFAULT_REVIEW_LIMIT);
  return views(db, rows);
}

export async function listUserReviews(db: Db, userId: string): Promise<ReviewView[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return views(db, rows);
}

/** "Dana D.": first name and last initial, as review widgets show authors. */
export function authorName(user: Pick<UserRow, 'firstName' | 'lastName'>): string {
  const first = user.firstName.trim();
  const initial = user.lastName.trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : 'Ridgeline customer';
  return initial ? `${first} ${initial}.` : first;
}

/** Whether the user has an order (not cancelled or refunded) with any sku of the product. */
export async function boughtProduct(db: Pick<Db, 'select'>, userId: string, productDocumentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(skus, eq(skus.sku, orderItems.sku))
    .where(and(eq(orders.userId, userId), eq(skus.productDocumentId, productDocumentId), notInArray(orders.status, NOT_BOUGHT)))
    .limit(1);
  return !!row;
}

/**
 * One review per user and product; a second is 409 (decision 004), not an edit, so a review
 * never changes under the replies and votes a provider may attach to it. The user row is locked
 * for the check and the insert, so two simultaneous posts cannot both land.
 */
export async function createReview(db: Db, user: UserRow, input: ReviewInput): Promise<ReviewView> {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title) throw badRequest('title is required');
  if (!body) throw badRequest('body is required');
  const product = await findReviewedProduct(db, input.productId);
  if (!product) throw notFound(`We could not find a product with the id ${input.productId}`);
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.userId, user.id), eq(reviews.productDocumentId, input.productId)));
    if (existing) throw new HttpError(409, ALREADY_REVIEWED);
    const [inserted] = await tx
      .insert(reviews)
      .values({
        productDocumentId: input.productId,
        userId: user.id,
        authorName: authorName(user),
        rating: input.rating,
        title,
        body,
        verifiedBuyer: await boughtProduct(tx, user.id, product.documentId),
      })
      .returning();
    return inserted;
  });
  const [view] = await views(db, [row]);
  return view;
}
