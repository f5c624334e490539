import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { cartItems, cartPromoCodes, carts, guests, promoCodes, shippingMethods, skus } from '../db/schema';
import { badRequest, HttpError, notFound } from '../problem';
import { toDollars } from '../catalogue/pricing';
import type { BodyOf, ResultOf } from '../contract/routes';
import { computeTotals, evaluatePromo, type PricedLine, type Totals } from '../checkout/totals';
import {
  buildTerms,
  checkBuildLine,
  builderDefinition,
  partSkusOf,
  refuseBarePlatform,
  skuTerms,
  stockNeeds,
  type LineTerms,
  type SkuRow,
  type StockNeed,
} from '../builder/build-rules';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, onlyLeftText, soldOnlyInBuildText, tooManyLinesText } from '../../../src/domain/cart-limits';

export type CartView = ResultOf<'getGuestCart'>;
type CartLineInput = BodyOf<'addGuestCartItems'>[number];
export type CartRow = typeof carts.$inferSelect;

/** Highest quantity of one line, and most lines of a cart (src/domain/cart-limits.ts, decision 027). */
export { MAX_CART_LINES, MAX_LINE_QUANTITY };

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
  // A guest token whose cart was merged into a signed-in cart is spent (contract: 404); the
  // browser then starts a new guest. A guest whose cart became an order keeps shopping.
  const [latest] = await db
    .select({ status: carts.status })
    .from(carts)
    .where(eq(carts.guestToken, token))
    .orderBy(desc(carts.id))
    .limit(1);
  if (latest?.status === 'merged') throw notFound('This guest cart was merged into a signed-in cart');
  const [created] = await db
    .insert(carts)
    .values({ guestToken: token })
    .onConflictDoNothing()
    .returning();
  return created ?? findGuestCart(db, token);
}

function lineKey(line: CartLineInput): string {
  // A build is its buildId: two adds of one configuration are two builds (decision 018).
  if (line.buildId) return [line.productId, '', line.buildId].join('|');
  const options = [...(line.options ?? [])]
    .map((o) => `${o.label}=${o.value}`)
    .sort()
    .join('&');
  return [line.productId, options, line.buildId ?? ''].join('|');
}

/**
 * Adds lines to the owner's cart. Only sku, quantity and the descriptive options/build come from
 * the browser; name, prices, flags and restrictions are the catalogue's. A line matching an
 * existing sku and options adds to its quantity, atomically, so concurrent adds lose nothing.
 * Three statements (issue 21 item 2): the cart locked, the lines upserted where their skus are
 * sold, the priced cart, which answers the line and stock limits and is the answer.
 */
export async function addLines(db: Db, owner: CartOwner, lines: CartLineInput[]): Promise<WrittenCart> {
  // The builder's definition is read once per database handle (outside the transaction).
  const definition = await builderDefinition(db);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One change of a cart at a time, so two adds cannot both pass the line and stock limits.
    const current = await lockOwnerCart(tx, owner);
    // Build lines: checked against the builder's definition; their parts (in slot order), options
    // and notes are the server's (decision 018). A refusal rolls everything back.
    const checked = lines.map((line) => {
      if (!line.buildId) {
        refuseBarePlatform(definition, line);
        return line;
      }
      const build = checkBuildLine(definition, line);
      return { ...line, optionIds: build.partSkus, options: build.options, notes: build.notes };
    });
    await insertLines(tx, current.id, checked, 'reject');
    const priced = await loadPricedCart(tx, current);
    if (priced.rows.length > MAX_CART_LINES) throw badRequest(tooManyLinesText);
    refuseShortStockIn(priced.rows, new Set(checked.flatMap((line) => [line.productId, ...(line.buildId ? line.optionIds ?? [] : [])])));
    return { current, priced };
  });
}

/**
 * A change that leaves the cart needing more of a sku than is on hand is refused (409, the
 * state of the stock, as at checkout) with 'Only {n} left of {product}'. Only the skus the change
 * touched are checked: a line that was fine when added and is short now (someone else bought
 * the rest) does not block other changes; checkout names it.
 */
function refuseShortStockIn(rows: PricedCartRow[], touched: ReadonlySet<string>): void {
  const short = stockNeeds(rows).find((need) => touched.has(need.sku) && need.quantity > Math.max(0, need.row?.qtyOnHand ?? 0));
  if (short) throw new HttpError(409, cartShortStockMessage(short));
}

/**
 * Locks a cart row for the rest of the transaction and marks it changed, in one statement: every
 * change of a cart's lines starts here, so two changes of one cart run one after the other. A
 * removal (one statement, no limit to check) calls it afterwards, only to mark the cart changed.
 * Answers the row as it now is, for the view.
 */
async function lockCart(tx: Db, cartId: number): Promise<CartRow | undefined> {
  const [current] = await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId)).returning();
  return current;
}

/** 'Only 2 left of Ember Edition Tee'; a build's part names the build it is for. */
export function cartShortStockMessage(need: StockNeed): string {
  const left = Math.max(0, need.row?.qtyOnHand ?? 0);
  const name = need.row?.productName ?? need.sku;
  const what = need.partOf ? `the ${name} for the ${need.partOf.buildName}` : name;
  return left > 0 ? `${onlyLeftText(left)} of ${what}` : `Sorry, ${what} is out of stock`;
}

/**
 * Inserts lines into a cart inside the caller's transaction, which has locked it (`lockCart`), in
 * one statement; a line already there (same line key) adds to its quantity, and so do two lines
 * of one call with the same key. Only skus the shop sells on their own (or as a build) are
 * inserted: a line of an unknown sku, or a builder part on its own, is refused (400) with
 * 'reject', left out with 'clamp'. Past the per-line maximum: 'reject' refuses the whole change,
 * 'clamp' keeps the maximum (a merge after sign-in must not fail over a quantity).
 */
async function insertLines(tx: Db, cartId: number, lines: CartLineInput[], overflow: 'reject' | 'clamp'): Promise<void> {
  const byKey = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = lineKey(line);
    const same = byKey.get(key);
    if (!same) {
      byKey.set(key, { ...line });
      continue;
    }
    // The same buildId sent again (a retried add) is the same build, never another configuration.
    if (line.buildId && overflow === 'reject' && JSON.stringify(same.optionIds ?? []) !== JSON.stringify(line.optionIds ?? [])) {
      throw badRequest(otherPartsText(line.buildId));
    }
    same.quantity += line.quantity;
  }
  const merged = [...byKey.entries()];
  if (!merged.length) return;
  const rows = JSON.stringify(
    merged.map(([key, line], ord) => ({
      ord,
      sku: line.productId,
      quantity: overflow === 'clamp' ? Math.min(line.quantity, MAX_LINE_QUANTITY) : line.quantity,
      options: line.options ?? [],
      option_ids: line.optionIds ?? [],
      line_key: key,
      build_id: line.buildId ?? null,
      notes: line.notes ?? null,
    })),
  );
  const added = sql`${cartItems.quantity} + excluded.quantity`;
  const result = (await tx.execute(
    sql`insert into ${cartItems} (cart_id, sku, quantity, options, option_ids, line_key, build_id, notes)
        select ${cartId}, s.sku, v.quantity, v.options, v.option_ids, v.line_key, v.build_id, v.notes
        from jsonb_to_recordset(${rows}::jsonb)
          as v(ord integer, sku text, quantity integer, options jsonb, option_ids jsonb, line_key text, build_id text, notes text)
        join ${skus} s on s.sku = v.sku and (v.build_id is not null or not s.build_only)
        order by v.ord
        on conflict (cart_id, line_key) do update set quantity = ${overflow === 'clamp' ? sql`least(${added}, ${MAX_LINE_QUANTITY})` : added}
        returning line_key, quantity, option_ids`,
  )) as unknown as { rows: { line_key: string; quantity: number; option_ids: (string | number)[] }[] };
  if (overflow === 'clamp') return;
  const inserted = new Map(result.rows.map((row) => [row.line_key, row]));
  const missing = merged.filter(([key]) => !inserted.has(key)).map(([, line]) => line.productId);
  if (missing.length) await refuseUnsold(tx, missing);
  for (const [key, line] of merged) {
    const row = inserted.get(key)!;
    if (line.buildId && JSON.stringify(row.option_ids.map(String)) !== JSON.stringify(line.optionIds ?? [])) {
      throw badRequest(otherPartsText(line.buildId));
    }
    if (Number(row.quantity) > MAX_LINE_QUANTITY) {
      throw badRequest(`quantity of ${line.productId} would be ${row.quantity}; at most ${MAX_LINE_QUANTITY} per line`);
    }
  }
}

const otherPartsText = (buildId: string) => `Build ${buildId} is already in the cart with other parts; a new build needs a new buildId`;

/** Why lines were not inserted (the error path, so a statement of its own): unknown skus first. */
async function refuseUnsold(tx: Db, wanted: string[]): Promise<never> {
  const known = await tx
    .select({ sku: skus.sku, productName: skus.productName })
    .from(skus)
    .where(inArray(skus.sku, [...new Set(wanted)]));
  const unknown = [...new Set(wanted)].filter((sku) => !known.some((k) => k.sku === sku));
  if (unknown.length) throw badRequest(`Unknown product sku: ${unknown.join(', ')}`);
  // Known and not inserted: a builder part on its own, priced only as part of a build.
  const [part] = known;
  throw badRequest(soldOnlyInBuildText(`${part.productName} (${part.sku})`));
}

/**
 * Locks the owner's open cart for the rest of the transaction and marks it changed, in one
 * statement, and answers its row. An owner without an open cart (a first visit's user, a guest
 * whose cart became an order) gets one first; an unknown or spent guest token is a 404.
 */
async function lockOwnerCart(tx: Db, owner: CartOwner): Promise<CartRow> {
  const [locked] = await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(and(ownedBy(owner), eq(carts.status, 'open')))
    .returning();
  if (locked) return locked;
  const cart = await findOwnerCart(tx, owner);
  return (await lockCart(tx, cart.id)) ?? cart;
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
    // The user's cart next, as every change of a cart locks it first (no deadlock with an add).
    await lockCart(tx as unknown as Db, userCart.id);
    const joined = await tx
      .select({ item: cartItems, buildOnly: skus.buildOnly })
      .from(cartItems)
      .innerJoin(skus, eq(skus.sku, cartItems.sku))
      .where(eq(cartItems.cartId, guestCart.id))
      .orderBy(asc(cartItems.id));
    // A builder part alone (left in a cart from before decision 027) cannot be sold: not moved.
    const lines = joined.filter(({ item, buildOnly }) => !buildOnly || item.buildId).map(({ item }) => item);
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


// ------------------------------------------------------------------------------------------------
// Owners, lines, shipping, promo codes and the priced cart (issue 4; decision 007).

export const CART_NOT_FOUND = 'No cart with this id belongs to you';
export const CART_ITEM_NOT_FOUND = 'No item with this id is in your cart';
/** Spec shop-core section 8: the one text of every refused promo code. */
export const PROMO_CODE_INVALID = 'Discount code is invalid';

/** Who asks: the signed-in subject, or a guest token. User and guest calls share every rule. */
export type CartOwner = { userId: string; guestToken?: undefined } | { guestToken: string; userId?: undefined };

/** The condition on `carts` that a row is the owner's (a guest's cart never has a user). */
export const ownedBy = (owner: CartOwner) =>
  owner.userId !== undefined ? eq(carts.userId, owner.userId) : and(eq(carts.guestToken, owner.guestToken), isNull(carts.userId));

export function findOwnerCart(db: Db, owner: CartOwner): Promise<CartRow> {
  return owner.userId !== undefined ? findUserCart(db, owner.userId) : findGuestCart(db, owner.guestToken);
}

/**
 * The owner's open cart when it is the cart the body names (compute, promo code): the id of
 * anybody else's cart, or of one of the owner's closed carts, is a 404 like an unknown id.
 */
export async function requireOwnCart(db: Db, owner: CartOwner, cartId: number): Promise<CartRow> {
  const cart = await findOwnerCart(db, owner);
  if (cart.id !== cartId) throw notFound(CART_NOT_FOUND);
  return cart;
}

/**
 * Sets a line's quantity; 0 removes it (spec shop-core section 4). A line of another cart is 404.
 * Three statements: the cart locked, the line updated (answering its old quantity), the priced
 * cart, which answers the stock check and is the answer.
 */
export async function setLineQuantity(db: Db, owner: CartOwner, itemId: number, quantity: number): Promise<WrittenCart> {
  if (quantity === 0) return removeLine(db, owner, itemId);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_LINE_QUANTITY) {
    throw badRequest(`quantity must be a whole number from 0 to ${MAX_LINE_QUANTITY}`);
  }
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const current = await lockOwnerCart(tx, owner);
    // The cart's lock keeps its lines still, so the old quantity read here is the one replaced.
    const result = (await tx.execute(
      sql`update ${cartItems} as c set quantity = ${quantity}
          from (select id, quantity as old from ${cartItems} where id = ${itemId} and cart_id = ${current.id}) as o
          where c.id = o.id
          returning c.sku, c.build_id, c.option_ids, o.old`,
    )) as unknown as { rows: { sku: string; build_id: string | null; option_ids: (string | number)[]; old: number }[] };
    const [line] = result.rows;
    if (!line) throw notFound(CART_ITEM_NOT_FOUND);
    const priced = await loadPricedCart(tx, current);
    // Lowering a line is always allowed, even while it is still above what is left.
    if (quantity > Number(line.old)) {
      refuseShortStockIn(priced.rows, new Set([line.sku, ...partSkusOf({ buildId: line.build_id, optionIds: line.option_ids })]));
    }
    return { current, priced };
  });
}

/** Removes a line; a line of another cart is 404. Three statements, as a quantity change. */
export async function removeLine(db: Db, owner: CartOwner, itemId: number): Promise<WrittenCart> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const current = await lockOwnerCart(tx, owner);
    const removed = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, current.id)))
      .returning({ id: cartItems.id });
    if (!removed.length) throw notFound(CART_ITEM_NOT_FOUND);
    return { current, priced: await loadPricedCart(tx, current) };
  });
}

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** Active shipping methods, cheapest first (the contract's order). */
export async function listShippingMethods(db: Db): Promise<ShippingMethodRow[]> {
  return db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.priceCents), asc(shippingMethods.sortOrder), asc(shippingMethods.id));
}

export async function findShippingMethod(db: Db, id: number): Promise<ShippingMethodRow | undefined> {
  const [method] = await db
    .select()
    .from(shippingMethods)
    .where(and(eq(shippingMethods.id, id), eq(shippingMethods.active, true)));
  return method;
}

export const unknownShippingMethod = (id: number) =>
  badRequest(`shippingMethodId: ${id} is not one of the shipping methods offered`);

/**
 * The compute call: keeps the chosen shipping method, the address's state (the sales-tax region
 * of the goods shipped to the customer) and the dealer's state when given (that of the FFL lines,
 * decision 007) on the cart, so every later view of the cart, and checkout, price it the same way.
 * One statement (issue 21 item 2): the owner's open cart the body names is updated together with
 * the shipping method it is joined to. When nothing is updated, a second statement says why: the
 * cart is not the owner's (404, like an unknown id) or the method is not offered (400).
 */
export async function computeCart(
  db: Db,
  owner: CartOwner,
  cartId: number,
  input: { region: string; shippingMethodId: number; dealerState?: string | null },
): Promise<Required<Pick<KnownCart, 'current' | 'method'>>> {
  const [updated] = await db
    .update(carts)
    .set({
      shippingMethodId: shippingMethods.id,
      taxRegion: input.region.toUpperCase(),
      dealerTaxRegion: input.dealerState ? input.dealerState.toUpperCase() : null,
      updatedAt: sql`now()`,
    })
    .from(shippingMethods)
    .where(and(eq(carts.id, cartId), ownedBy(owner), eq(carts.status, 'open'), eq(shippingMethods.id, input.shippingMethodId), eq(shippingMethods.active, true)))
    .returning({ current: getTableColumns(carts), method: getTableColumns(shippingMethods) });
  if (updated) return updated;
  await requireOwnCart(db, owner, cartId);
  throw unknownShippingMethod(input.shippingMethodId);
}

type PromoRow = typeof promoCodes.$inferSelect;
const normalCode = (code: string) => code.trim().toUpperCase();

/**
 * Applies a promo code: unknown, inactive, not yet started, expired or not applicable to this
 * cart (no eligible line, below the minimum) is a 400 'Discount code is invalid'. A cart carries
 * one code: a new valid code replaces the previous one; applying the same code again is a no-op.
 */
export async function applyPromoCode(db: Db, cart: CartRow, promoCode: string): Promise<void> {
  const code = normalCode(promoCode);
  const [rule] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!rule) throw badRequest(PROMO_CODE_INVALID);
  const { lines } = await loadPricedCart(db, cart, { withPromo: false });
  const verdict = evaluatePromo(rule, lines);
  if (!verdict.applicable) throw badRequest(PROMO_CODE_INVALID);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The cart is locked first, as every change of it is: two applications at once (a double
    // click, a retry) run one after the other, and the second replaces the first's row instead
    // of both inserting one (a unique-key failure, found by the fuzzer on PostgreSQL).
    await lockCart(tx, cart.id);
    await tx.delete(cartPromoCodes).where(eq(cartPromoCodes.cartId, cart.id));
    await tx.insert(cartPromoCodes).values({ cartId: cart.id, code: rule.code });
  });
}

export interface PricedCartRow {
  item: typeof cartItems.$inferSelect;
  /** The line's sku (a build's platform). */
  sku: SkuRow;
  /** A build's parts in slot order (those still in the catalogue); empty for other lines. */
  parts: SkuRow[];
  /** Price, FFL flag and restrictions of the line: the sku's, or the build's (decision 018). */
  terms: LineTerms;
}

export interface AppliedPromo {
  rule: PromoRow;
  amountCents: number;
  lineIds: number[];
}

export interface PricedCart {
  rows: PricedCartRow[];
  lines: PricedLine[];
  /** The cart's promo code while it still applies (re-checked on every read: expiry, minimum). */
  promo: AppliedPromo | null;
}

/**
 * A row of `table` that arrived as JSON (`row_to_json`, `json_agg`): database names to the
 * schema's keys, each value through its column's own mapping (a timestamp's text to a Date).
 */
function fromJsonRow<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = json[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as T['$inferSelect'];
}

/**
 * The cart's lines priced from the catalogue, and its promo code if it still applies: one
 * statement (issue 21 item 2), the lines joined to their skus, each build's parts and the cart's
 * latest promo code beside them as JSON. A cart without lines has no promo code that applies.
 */
export async function loadPricedCart(
  db: Db,
  cart: Pick<CartRow, 'id'>,
  options: { withPromo?: boolean } = {},
): Promise<PricedCart> {
  const withPromo = options.withPromo !== false;
  const joined = await db
    .select({
      item: cartItems,
      sku: skus,
      // A build's parts (option_ids holds their skus); none for other lines.
      parts: sql<Record<string, unknown>[] | null>`case when ${cartItems.buildId} is null then null else (
        select json_agg(p) from ${skus} p where p.sku in (select jsonb_array_elements_text(${cartItems.optionIds}))) end`,
      promo: withPromo
        ? sql<Record<string, unknown> | null>`(select row_to_json(pc) from (
            select ${promoCodes}.* from ${cartPromoCodes} join ${promoCodes} on ${promoCodes.code} = ${cartPromoCodes.code}
            where ${cartPromoCodes.cartId} = ${cart.id} order by ${cartPromoCodes.appliedAt} desc limit 1) pc)`
        : sql<null>`null`,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.sku, cartItems.sku))
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.id));
  const rows: PricedCartRow[] = joined.map(({ item, sku, parts: partJson }) => {
    if (!item.buildId) return { item, sku, parts: [], terms: skuTerms(sku) };
    const partRows = (partJson ?? []).map((part) => fromJsonRow(skus, part));
    const parts = partSkusOf(item).flatMap((p) => partRows.filter((r) => r.sku === p));
    return { item, sku, parts, terms: buildTerms(sku, parts) };
  });
  const lines: PricedLine[] = rows.map(({ item, sku, terms }) => ({
    id: item.id,
    sku: sku.sku,
    quantity: item.quantity,
    listCents: terms.listCents,
    unitCents: terms.unitCents,
    isFflItem: terms.isFflItem,
    taxCode: terms.taxCode,
  }));
  let promo: AppliedPromo | null = null;
  const applied = joined[0]?.promo;
  if (applied) {
    const rule = fromJsonRow(promoCodes, applied);
    const verdict = evaluatePromo(rule, lines);
    if (verdict.applicable) promo = { rule, amountCents: verdict.amountCents, lineIds: verdict.lineIds };
  }
  return { rows, lines, promo };
}

/**
 * Totals of a priced cart for a shipping method and the states its goods go to (decision 007):
 * `taxRegion` for the lines shipped to the customer, `dealerTaxRegion` for the FFL lines (taxRegion
 * too while the dealer is not known).
 */
export function totalsOf(
  priced: PricedCart,
  shippingCents: number,
  taxRegion: string | null | undefined,
  dealerTaxRegion?: string | null,
): Totals {
  return computeTotals({
    lines: priced.lines,
    promoCents: priced.promo?.amountCents ?? 0,
    promoLineIds: priced.promo?.lineIds ?? null,
    shippingCents,
    taxRegion,
    dealerTaxRegion,
  });
}

/**
 * Units of a line the shop has on hand: its sku's stock, or for a build the fewest of its platform
 * and parts (0 when a part has left the catalogue). The cart panel checks a quantity against it.
 */
function unitsOnHand(item: PricedCartRow['item'], sku: SkuRow, parts: readonly SkuRow[]): number {
  if (item.buildId && parts.length < partSkusOf(item).length) return 0;
  return Math.max(0, Math.min(sku.qtyOnHand, ...parts.map((part) => part.qtyOnHand)));
}

type PromotionalPage = NonNullable<CartView['appliedDiscounts'][number]['promotionalPageInfo']>['data'][number];

/**
 * The whole cart as every cart call answers it (spec shop-core section 3). Shipping and tax are
 * 0 until the cart has been computed; afterwards the stored method and region price it.
 */
/**
 * What a write already read in its own transaction, so the answer does not read it again: the
 * cart row as the write left it, its priced lines (with the promo code), its shipping method.
 */
export interface KnownCart {
  current?: CartRow;
  priced?: PricedCart;
  method?: ShippingMethodRow;
}

/** What a cart write answers: the locked row and the priced cart, read in its transaction. */
export type WrittenCart = Required<Pick<KnownCart, 'current' | 'priced'>>;

export async function cartView(db: Db, cart: CartRow, known: KnownCart = {}): Promise<CartView> {
  const row = known.current ?? (await db.select().from(carts).where(eq(carts.id, cart.id)))[0] ?? cart;
  const priced = known.priced ?? (await loadPricedCart(db, row));
  const method =
    known.method?.id === row.shippingMethodId ? known.method : row.shippingMethodId ? await findShippingMethod(db, row.shippingMethodId) : undefined;
  const totals = totalsOf(priced, method?.priceCents ?? 0, row.taxRegion, row.dealerTaxRegion);
  const items = priced.rows.map(({ item, sku, parts, terms }) => ({
    id: item.id,
    productId: sku.sku,
    productName: sku.productName,
    productPrice: toDollars(terms.listCents),
    price: toDollars(terms.unitCents),
    quantity: item.quantity,
    options: item.options,
    optionIds: item.optionIds.map(String),
    imageUrl: sku.imageUrl,
    productUrl: sku.productUrl ?? '',
    isFflItem: terms.isFflItem,
    isHandgun: terms.isHandgun,
    taxCode: terms.taxCode,
    isReceiverItem: sku.isReceiverItem,
    buildId: item.buildId,
    notes: item.notes,
    restrictedStates: terms.restrictedStates,
    restrictedZips: terms.restrictedZips,
    qtyOnHand: unitsOnHand(item, sku, parts),
  }));
  const appliedDiscounts: CartView['appliedDiscounts'] = priced.promo
    ? [
        {
          code: priced.promo.rule.code,
          name: priced.promo.rule.name,
          amount: toDollars(priced.promo.amountCents),
          appliedToCartItemIds: priced.promo.lineIds,
          promotionalPageInfo: priced.promo.rule.promotionalPage
            ? { data: [priced.promo.rule.promotionalPage as unknown as PromotionalPage] }
            : null,
        },
      ]
    : [];
  return {
    id: row.id,
    userId: row.userId,
    guestId: row.guestToken,
    isAbandoned: false,
    isGuest: row.userId === null,
    items,
    subTotal: toDollars(totals.subTotalCents),
    discount: toDollars(totals.discountCents),
    discountAmount: toDollars(totals.promoCents),
    shipping: toDollars(totals.shippingCents),
    taxAmount: toDollars(totals.taxCents),
    totalAmount: toDollars(totals.totalCents),
    appliedDiscounts,
    shippingMethodId: method ? method.id : null,
  };
}
