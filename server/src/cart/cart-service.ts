import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cartItems, carts, guests, skus } from '../db/schema';
import { badRequest, notFound } from '../problem';
import { finalPriceCents, toDollars } from '../catalogue/pricing';
import type { BodyOf, ResultOf } from '../contract/routes';

export type CartView = ResultOf<'getGuestCart'>;
type CartLineInput = BodyOf<'addGuestCartItems'>[number];
type CartRow = typeof carts.$inferSelect;

/** Highest quantity of one line; a shop sells to households, not warehouses. */
export const MAX_LINE_QUANTITY = 99;

/** 192 bits of randomness, URL-safe: the guest's only credential. The gid_ prefix is what the
 * 3D builder bridge accepts as a guest session id (catalogue spec section 4). */
export function newGuestToken(): string {
  return `gid_${randomBytes(24).toString('base64url')}`;
}

export async function createGuest(db: Db): Promise<string> {
  const token = newGuestToken();
  await db.transaction(async (tx) => {
    await tx.insert(guests).values({ token });
    await tx.insert(carts).values({ guestToken: token });
  });
  return token;
}

/** The guest's open cart; an unknown token is a 404 (the browser then asks for a new guest). */
export async function findGuestCart(db: Db, token: string): Promise<CartRow> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.guestToken, token), eq(carts.status, 'open')));
  if (cart) return cart;
  const [guest] = await db.select().from(guests).where(eq(guests.token, token));
  if (!guest) throw notFound('No guest cart exists for this guest token');
  // A guest whose cart became an order keeps shopping with a fresh cart.
  const [created] = await db
    .insert(carts)
    .values({ guestToken: token })
    .onConflictDoNothing()
    .returning();
  return created ?? findGuestCart(db, token);
}

function lineKey(line: CartLineInput): string {
  const options = [...(line.options ?? [])]
    .map((o) => `${o.label}=${o.value}`)
    .sort()
    .join('&');
  return [line.productId, options, line.buildId ?? ''].join('|');
}

/**
 * Adds lines to a cart. Only sku, quantity and the descriptive options/build come from the
 * browser; name, prices, flags and restrictions are the catalogue's. A line matching an existing
 * sku and options adds to its quantity, atomically, so concurrent adds lose nothing.
 */
export async function addLines(db: Db, cart: CartRow, lines: CartLineInput[]): Promise<void> {
  const wanted = [...new Set(lines.map((l) => l.productId))];
  const known = await db.select({ sku: skus.sku }).from(skus).where(inArray(skus.sku, wanted));
  const unknown = wanted.filter((sku) => !known.some((k) => k.sku === sku));
  if (unknown.length) throw badRequest(`Unknown product sku: ${unknown.join(', ')}`);

  await db.transaction(async (tx) => {
    await insertLines(tx as unknown as Db, cart.id, lines, 'reject');
  });
}

/**
 * Inserts lines into a cart inside the caller's transaction; a line already there (same line key)
 * adds to its quantity. Past the per-line maximum: 'reject' refuses the whole change, 'clamp'
 * keeps the maximum (a merge after sign-in must not fail over a quantity).
 */
async function insertLines(tx: Db, cartId: number, lines: CartLineInput[], overflow: 'reject' | 'clamp'): Promise<void> {
  for (const line of lines) {
    const added = sql`${cartItems.quantity} + excluded.quantity`;
    const [row] = await tx
      .insert(cartItems)
      .values({
        cartId,
        sku: line.productId,
        quantity: line.quantity,
        options: line.options ?? [],
        optionIds: line.optionIds ?? [],
        lineKey: lineKey(line),
        buildId: line.buildId ?? null,
        notes: line.notes ?? null,
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.lineKey],
        set: { quantity: overflow === 'clamp' ? sql`least(${added}, ${MAX_LINE_QUANTITY})` : added },
      })
      .returning({ quantity: cartItems.quantity });
    if (row.quantity > MAX_LINE_QUANTITY) {
      throw badRequest(`quantity of ${line.productId} would be ${row.quantity}; at most ${MAX_LINE_QUANTITY} per line`);
    }
  }
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/** The signed-in user's open cart, created on first use (one open cart per user). */
export async function findUserCart(db: Db, userId: string): Promise<CartRow> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, 'open')));
  if (cart) return cart;
  const [created] = await db.insert(carts).values({ userId }).onConflictDoNothing().returning();
  return created ?? findUserCart(db, userId);
}

/**
 * Moves a guest cart's lines into the user's cart after sign-in (spec shop-core section 4): a
 * line the user already has adds to its quantity; the guest cart is closed as 'merged'. A guest
 * cart already merged (or ordered) changes nothing, so a retried merge is harmless; an unknown
 * guest token is a 404.
 */
export async function mergeGuestCart(db: Db, userCart: CartRow, guestToken: string): Promise<void> {
  const [guest] = await db.select().from(guests).where(eq(guests.token, guestToken));
  if (!guest) throw notFound('No guest cart exists for this guest token');
  await db.transaction(async (tx) => {
    // Locks the guest cart, so two merges of it at once move its lines once.
    const [guestCart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.guestToken, guestToken), eq(carts.status, 'open')))
      .for('update');
    if (!guestCart) return;
    const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guestCart.id)).orderBy(asc(cartItems.id));
    await insertLines(
      tx as unknown as Db,
      userCart.id,
      lines.map((l) => ({
        productId: l.sku,
        quantity: l.quantity,
        options: l.options,
        optionIds: l.optionIds.map(String),
        ...(l.buildId ? { buildId: l.buildId } : {}),
        ...(l.notes ? { notes: l.notes } : {}),
      })),
      'clamp',
    );
    await tx.update(carts).set({ status: 'merged', updatedAt: sql`now()` }).where(eq(carts.id, guestCart.id));
  });
}

/** The whole cart as every cart call answers it (spec shop-core section 3). */
export async function cartView(db: Db, cart: CartRow): Promise<CartView> {
  const rows = await db
    .select({ item: cartItems, sku: skus })
    .from(cartItems)
    .innerJoin(skus, eq(skus.sku, cartItems.sku))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  let listCents = 0;
  let finalCents = 0;
  const items = rows.map(({ item, sku }) => {
    const unitFinal = finalPriceCents(sku.priceCents, sku.discountPercent);
    listCents += sku.priceCents * item.quantity;
    finalCents += unitFinal * item.quantity;
    return {
      id: item.id,
      productId: sku.sku,
      productName: sku.productName,
      productPrice: toDollars(sku.priceCents),
      price: toDollars(unitFinal),
      quantity: item.quantity,
      options: item.options,
      optionIds: item.optionIds.map(String),
      imageUrl: sku.imageUrl,
      productUrl: sku.productUrl,
      isFflItem: sku.isFflItem,
      isReceiverItem: sku.isReceiverItem,
      buildId: item.buildId,
      notes: item.notes,
      restrictedStates: sku.restrictedStates,
      restrictedZips: sku.restrictedZips,
    };
  });
  const productDiscount = listCents - finalCents;
  return {
    id: cart.id,
    userId: cart.userId,
    guestId: cart.guestToken,
    isAbandoned: false,
    isGuest: cart.userId === null,
    items,
    subTotal: toDollars(listCents),
    discount: toDollars(productDiscount),
    discountAmount: 0,
    shipping: 0,
    taxAmount: 0,
    totalAmount: toDollars(finalCents),
    appliedDiscounts: [],
  } as CartView;
}
