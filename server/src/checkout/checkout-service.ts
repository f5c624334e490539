import { createHash } from 'node:crypto';
import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { carts, orderItems, orders, payments, skus } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { ResultOf } from '../contract/routes';
import { HttpError, badRequest, notFound } from '../problem';
import { findRestrictedItems } from '../../../src/domain/restricted-items';
import {
  CART_NOT_FOUND,
  findShippingMethod,
  loadPricedCart,
  ownedBy,
  totalsOf,
  unknownShippingMethod,
  type CartOwner,
  type CartRow,
  type PricedCart,
} from '../cart/cart-service';
import { shortStockMessage, stockNeeds } from '../builder/build-rules';
import { soldOnlyInBuildText } from '../../../src/domain/cart-limits';
import { PaymentGatewayError, type ChargedCard, type PaymentGateway } from '../payments/gateway';
import { subscribeToNewsletter } from '../newsletter/newsletter-service';
import { shipToOf, splitName, type CheckoutBody } from './customer-info';
import { orderDealerOf, orderDetail, orderItemsOf, type OrderRow } from './orders';
import { assertDealerInBuyersState, licensedDealer, type DealerRow } from './ffl-dealers';
import { orderConfirmationMail } from './order-mail';
import { orderLinkKey, signOrderLink } from './order-link';
import type { Totals } from './totals';

export type CheckoutResult = ResultOf<'checkoutSimplified'>;

export const ORDER_PLACED = 'Your order has been placed';
export const EMPTY_CART = 'Your cart is empty';
export const RESTRICTED_ITEMS = 'Restricted Items in Cart';
/** Spec shop-core section 5, the restricted-items modal. */
export const RESTRICTED_ITEMS_LIST = 'The following items are restricted in your state or zip code:';

/** A checkout claim older than this belongs to a request that died: another may take over. */
const CLAIM_STALE_AFTER = '5 minutes';
/** How long a second submission waits for the first to finish before giving up. */
const WAIT_FOR_FIRST_MS = 30_000;
const POLL_MS = 50;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface CheckoutDeps {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

export interface CheckoutCaller {
  owner: CartOwner;
  /** The signed-in customer's verified email, if any (a newsletter opt-in needs no second mail). */
  verifiedEmail?: string;
  /** The Idempotency-Key header. */
  idempotencyKey?: string;
}

const placed = (order: Pick<OrderRow, 'id'>): CheckoutResult => ({ orderId: order.id, success: true, message: ORDER_PLACED });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function orderOfCart(db: Db, cartId: number): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
  return order;
}

/**
 * POST /Checkout/simplified (decision 007). Everything that can refuse the order is checked
 * before the card is charged; the order, its lines, the stock decrement, the closed cart and the
 * link to the payment are then written in one transaction. A cart orders once: a repeated or
 * concurrent submission answers the first result and charges nothing more.
 */
export async function placeOrder(deps: CheckoutDeps, caller: CheckoutCaller, input: CheckoutBody): Promise<CheckoutResult> {
  const { db } = deps;
  const key = caller.idempotencyKey?.trim() || undefined;
  if (key && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw badRequest(`Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }

  const [cart] = await db.select().from(carts).where(and(eq(carts.id, input.cartId), ownedBy(caller.owner)));
  if (!cart) throw notFound(CART_NOT_FOUND);

  // Repeats: the first result, whatever the body says now.
  const existing = await orderOfCart(db, cart.id);
  if (existing) return placed(existing);
  if (key) {
    const [keyed] = await db.select().from(orders).where(and(eq(orders.idempotencyKey, key), ownedByOrder(caller.owner)));
    if (keyed) throw new HttpError(409, 'This Idempotency-Key was already used for another order');
  }
  if (cart.status !== 'open') throw new HttpError(409, 'This cart is closed. Please reload your cart.');

  const plan = await planOrder(db, cart, input);

  // One checkout of a cart at a time: the claim is an atomic update of the cart row.
  while (!(await claimCart(db, cart.id))) {
    const first = await waitForOtherCheckout(db, cart.id);
    if (first) return placed(first);
  }
  try {
    return await chargeAndWrite(deps, caller, cart, input, plan, key);
  } finally {
    await releaseClaim(db, cart.id);
  }
}

function ownedByOrder(owner: CartOwner) {
  return owner.userId !== undefined ? eq(orders.userId, owner.userId) : and(eq(orders.guestToken, owner.guestToken), isNull(orders.userId));
}

interface OrderPlan {
  priced: PricedCart;
  totals: Totals;
  shippingMethodName: string;
  hasFfl: boolean;
  /** The listed, licensed dealer the FFL items go to (decision 029); null without FFL items. */
  dealer: DealerRow | null;
}

/** Every rule that can refuse the order, on the server's own data (DESIGN.md section 1). */
async function planOrder(db: Db, cart: CartRow, input: CheckoutBody): Promise<OrderPlan> {
  const priced = await loadPricedCart(db, cart);
  if (!priced.rows.length) throw new HttpError(409, EMPTY_CART);

  const info = input.customerInfo;
  const method = await findShippingMethod(db, info.shippingMethodId);
  if (!method) throw unknownShippingMethod(info.shippingMethodId);

  const hasFfl = priced.rows.some(({ terms }) => terms.isFflItem);
  // Firearms go only to a listed dealer with a current licence, by id; whatever dealer address the
  // body carries is never read (decision 029).
  const dealer = hasFfl ? await licensedDealer(db, input.dealerId) : null;
  // A handgun only to a dealer in the buyer's state, the billing address's (decision 077).
  if (dealer) assertDealerInBuyersState(priced.rows.map(({ terms }) => terms), dealer, info.state);

  const shipTo = shipToOf(info);
  // Where the FFL lines go: the dealer. Restrictions and their tax are taken at this address.
  const dealerDestination = dealer ? { state: dealer.state, zip: dealer.postalCode } : null;
  const blocked = findRestrictedItems(
    priced.rows.map(({ sku, terms }) => ({ ...terms, name: sku.productName })),
    { shipping: { state: shipTo.state, zip: shipTo.zip }, dealer: dealerDestination },
  );
  if (blocked.length) {
    const names = [...new Set(blocked.map((item) => item.name))];
    throw new HttpError(409, `${RESTRICTED_ITEMS}: ${RESTRICTED_ITEMS_LIST} ${names.join(', ')}`);
  }

  // A builder part alone (a cart from before decision 027) is priced for builds only: refused.
  const bare = priced.rows.find(({ item, sku }) => sku.buildOnly && !item.buildId);
  if (bare) throw new HttpError(409, `${soldOnlyInBuildText(bare.sku.productName)} Please remove it from your cart.`);

  // Every sku the cart takes: plain lines, and a build's platform and each of its parts.
  for (const need of stockNeeds(priced.rows)) {
    if (!need.row || need.quantity > need.row.qtyOnHand) throw new HttpError(409, shortStockMessage(need));
  }

  // Tax where the goods go (decision 007): the FFL lines at the dealer's state, the others at the
  // shipping address's (billing when shipping is the same).
  const totals = totalsOf(priced, method.priceCents, shipTo.state, hasFfl ? dealerDestination?.state : null);
  return { priced, totals, shippingMethodName: method.name, hasFfl, dealer };
}


async function claimCart(db: Db, cartId: number): Promise<boolean> {
  const claimed = await db
    .update(carts)
    .set({ checkoutStartedAt: sql`now()` })
    .where(
      and(
        eq(carts.id, cartId),
        eq(carts.status, 'open'),
        or(isNull(carts.checkoutStartedAt), lt(carts.checkoutStartedAt, sql`now() - ${CLAIM_STALE_AFTER}::interval`)),
      ),
    )
    .returning({ id: carts.id });
  return claimed.length > 0;
}

async function releaseClaim(db: Db, cartId: number): Promise<void> {
  await db.update(carts).set({ checkoutStartedAt: null }).where(eq(carts.id, cartId));
}

/**
 * Another submission of this cart is charging: wait for it. Its order is our answer; if it ended
 * without one (declined, failed) the caller tries to claim the cart itself.
 */
async function waitForOtherCheckout(db: Db, cartId: number): Promise<OrderRow | undefined> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    const order = await orderOfCart(db, cartId);
    if (order) return order;
    const [cart] = await db.select().from(carts).where(eq(carts.id, cartId));
    if (!cart || cart.status !== 'open') throw new HttpError(409, 'This cart is closed. Please reload your cart.');
    if (!cart.checkoutStartedAt) return undefined;
  }
  throw new HttpError(409, 'This order is still being placed. Please wait a moment and check your orders before trying again.');
}

const fingerprint = (priced: PricedCart) => priced.lines.map((l) => `${l.id}:${l.sku}:${l.quantity}:${l.unitCents}`).join('|');

async function chargeAndWrite(
  deps: CheckoutDeps,
  caller: CheckoutCaller,
  cart: CartRow,
  input: CheckoutBody,
  plan: OrderPlan,
  key: string | undefined,
): Promise<CheckoutResult> {
  const { db, gateway, log } = deps;
  // Settled while we waited for the claim?
  const already = await orderOfCart(db, cart.id);
  if (already) return placed(already);

  const amountCents = plan.totals.totalCents;
  // The same cart, amount and token (or Idempotency-Key) is the same charge at the gateway. An
  // earlier attempt for this cart and amount whose answer never came back (decision 021) may
  // have charged: its key is asked again, so the gateway answers that charge instead of making
  // a second one (or, if it never arrived, charges this token once under it).
  const attempt = key ?? createHash('sha256').update(input.paymentToken).digest('base64url');
  const gatewayKey = (await unansweredAttempt(db, cart.id, amountCents)) ?? `checkout:${cart.id}:${amountCents}:${attempt}`;
  let outcome;
  try {
    outcome = await gateway.charge({
      token: input.paymentToken,
      amountCents,
      currency: 'USD',
      idempotencyKey: gatewayKey,
      description: `Ridgeline Arms cart ${cart.id}`,
    });
  } catch (error) {
    log.warn({ err: error, cartId: cart.id }, 'payment gateway failed');
    await db
      .insert(payments)
      .values({ id: `${UNANSWERED}${gatewayKey}`, cartId: cart.id, amountCents, status: 'failed', message: UNANSWERED_NOTE })
      .onConflictDoNothing()
      .catch((e: unknown) => log.error({ err: e, cartId: cart.id }, 'could not note the unanswered payment attempt'));
    const message = error instanceof PaymentGatewayError ? error.message : 'The payment service could not be reached.';
    throw new HttpError(502, `${message} Nothing was charged.`, { cause: error });
  }
  await settleUnanswered(db, cart.id, gatewayKey, outcome.chargeId);
  if (outcome.status === 'declined') {
    await db
      .insert(payments)
      .values({ id: outcome.chargeId, cartId: cart.id, amountCents, status: 'declined', message: outcome.message })
      .onConflictDoNothing();
    throw new HttpError(402, outcome.message);
  }

  const chargeId = outcome.chargeId;
  // Recorded before the order is written: a charge is never only in the gateway's books.
  await db.insert(payments).values({ id: chargeId, cartId: cart.id, amountCents: outcome.amountCents, status: 'captured' }).onConflictDoNothing();
  const [payment] = await db.select().from(payments).where(eq(payments.id, chargeId));
  if (payment.status === 'voided') {
    throw new HttpError(402, 'This payment was cancelled. Please enter your card again.');
  }

  let orderId: number;
  try {
    // The card as the gateway's answer named it, never anything the body says (decision 037).
    orderId = await writeOrder(db, caller, cart, input, plan, { chargeId, card: outcome.card }, key);
  } catch (error) {
    return recoverFailedOrder(deps, cart, chargeId, error);
  }

  await afterOrder(deps, caller, input, orderId);
  return { orderId, success: true, message: ORDER_PLACED };
}

/**
 * A charge attempt the gateway did not answer (failure, timeout) is noted as a 'failed' payment
 * whose id is this prefix and the attempt's gateway key, until a later attempt gets an answer
 * for that key.
 */
const UNANSWERED = 'unanswered:';
const UNANSWERED_NOTE = 'outcome unknown: the payment gateway did not answer';

async function unansweredAttempt(db: Db, cartId: number, amountCents: number): Promise<string | undefined> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.cartId, cartId), eq(payments.amountCents, amountCents), eq(payments.status, 'failed'), eq(payments.message, UNANSWERED_NOTE)))
    .orderBy(payments.createdAt)
    .limit(1);
  return row?.id.slice(UNANSWERED.length);
}

async function settleUnanswered(db: Db, cartId: number, gatewayKey: string, chargeId: string): Promise<void> {
  await db
    .update(payments)
    .set({ message: `answered later: ${chargeId}` })
    .where(and(eq(payments.id, `${UNANSWERED}${gatewayKey}`), eq(payments.cartId, cartId)));
}

/** The order, its lines, the stock, the cart and the payment link: all or nothing. */
async function writeOrder(
  db: Db,
  caller: CheckoutCaller,
  cart: CartRow,
  input: CheckoutBody,
  plan: OrderPlan,
  charge: { chargeId: string; card?: ChargedCard },
  key: string | undefined,
): Promise<number> {
  const { chargeId, card } = charge;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [locked] = await tx.select().from(carts).where(eq(carts.id, cart.id)).for('update');
    if (!locked || locked.status !== 'open') throw new HttpError(409, 'This cart is closed. Please reload your cart.');
    // What was charged must be what is ordered: a line changed meanwhile (another tab) refuses.
    const fresh = await loadPricedCart(tx, cart);
    if (fingerprint(fresh) !== fingerprint(plan.priced) || (fresh.promo?.amountCents ?? 0) !== (plan.priced.promo?.amountCents ?? 0)) {
      throw new HttpError(409, 'Your cart changed while the order was being placed. Please review your cart and try again.');
    }
    // Conditional decrement: of two checkouts racing for the last unit, exactly one gets it.
    for (const need of stockNeeds(plan.priced.rows)) {
      const taken = await tx
        .update(skus)
        .set({ qtyOnHand: sql`${skus.qtyOnHand} - ${need.quantity}` })
        .where(and(eq(skus.sku, need.sku), gte(skus.qtyOnHand, need.quantity)))
        .returning({ sku: skus.sku });
      if (!taken.length) {
        const [row] = await tx.select().from(skus).where(eq(skus.sku, need.sku));
        throw new HttpError(409, shortStockMessage({ ...need, row }));
      }
    }
    const info = input.customerInfo;
    const [order] = await tx
      .insert(orders)
      .values({
        cartId: cart.id,
        userId: caller.owner.userId ?? null,
        guestToken: caller.owner.userId === undefined ? caller.owner.guestToken : null,
        idempotencyKey: key ?? null,
        email: info.email.trim(),
        status: 'paid',
        paymentStatus: 'paid',
        customer: info as unknown as Record<string, unknown>,
        // The dealer record as it reads now: the order keeps where it went even if the dealer moves.
        dealer: plan.dealer ? (orderDealerOf(plan.dealer) as unknown as Record<string, unknown>) : null,
        dealerId: plan.dealer?.number ?? null,
        shippingMethodName: plan.shippingMethodName,
        subTotalCents: plan.totals.merchandiseCents,
        discountCents: plan.totals.promoCents,
        shippingCents: plan.totals.shippingCents,
        taxCents: plan.totals.taxCents,
        totalCents: plan.totals.totalCents,
        paymentId: chargeId,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      plan.priced.rows.map(({ item, sku, terms }) => {
        const unit = terms.unitCents;
        return {
          orderId: order.id,
          sku: sku.sku,
          productName: sku.productName,
          productUrl: sku.productUrl,
          imageUrl: sku.imageUrl,
          quantity: item.quantity,
          unitPriceCents: unit,
          lineTotalCents: unit * item.quantity,
          isFflItem: terms.isFflItem,
          options: item.options,
          buildId: item.buildId,
          notes: item.notes,
        };
      }),
    );
    // A charge left for recovery by an earlier attempt is now accounted for.
    await tx
      .update(payments)
      .set({ orderId: order.id, message: sql`case when ${payments.message} is null then null else 'recovered: order written by a retry' end` })
      .where(eq(payments.id, chargeId));
    await tx
      .update(carts)
      .set({ status: 'ordered', checkoutStartedAt: null, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
    return order.id;
  });
}

/**
 * The card was charged but the order could not be written: void the charge; if even that fails,
 * the payment row stays 'captured' without an order, with the reason, for recovery (a retry of
 * the same checkout finds the charge and completes the order). Never lost silently.
 */
async function recoverFailedOrder(deps: CheckoutDeps, cart: CartRow, chargeId: string, error: unknown): Promise<CheckoutResult> {
  const { db, gateway, log } = deps;
  const reason = reasonOf(error);
  let voided = false;
  try {
    await gateway.void(chargeId);
    voided = true;
    await db.update(payments).set({ status: 'voided', message: `order not written: ${reason}` }).where(eq(payments.id, chargeId));
  } catch (voidError) {
    log.error(
      { err: voidError, orderError: error, chargeId, cartId: cart.id },
      'RECOVERY NEEDED: captured payment without an order, and the void failed',
    );
    await db
      .update(payments)
      .set({ message: `RECOVERY NEEDED: order not written (${reason}); void failed (${reasonOf(voidError)})` })
      .where(eq(payments.id, chargeId))
      .catch((e: unknown) => log.error({ err: e, chargeId }, 'could not annotate the payment for recovery'));
  }
  // A concurrent submission may have ordered the cart after all (its order is the answer).
  const other = await orderOfCart(db, cart.id).catch(() => undefined);
  if (other) return placed(other);
  if (error instanceof HttpError) {
    throw new HttpError(error.status, voided ? `${error.message} Your card has not been charged.` : error.message, { cause: error });
  }
  log.error({ err: error, chargeId, cartId: cart.id, voided }, 'order write failed after the charge');
  throw new HttpError(
    500,
    voided
      ? 'We could not place your order. Your card has not been charged; please try again.'
      : `We could not place your order. Your payment (reference ${chargeId}) has been recorded and will be refunded or completed by our staff; please contact us.`,
    { cause: error },
  );
}

/**
 * The innermost message of an error (drizzle wraps the database's in 'Failed query: ...' with the
 * query's parameters, which hold customer data that does not belong in a payment note).
 */
function reasonOf(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return (current instanceof Error ? current.message : String(current)).slice(0, 500);
}

/** Confirmation email and newsletter opt-in: after the commit, and never undoing the order. */
async function afterOrder(deps: CheckoutDeps, caller: CheckoutCaller, input: CheckoutBody, orderId: number): Promise<void> {
  const { db, mailer, log, publicUrl } = deps;
  try {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const linkToken = signOrderLink(await orderLinkKey(db), orderId);
    await mailer.send(orderConfirmationMail(orderDetail(order, await orderItemsOf(db, orderId)), publicUrl, linkToken));
  } catch (error) {
    log.error({ err: error, orderId }, 'order confirmation email failed');
  }
  if (input.customerInfo.optInNewsletter) {
    try {
      const email = input.customerInfo.email.trim();
      const { firstName, lastName } = splitName(input.customerInfo.name);
      await subscribeToNewsletter(
        db,
        mailer,
        { email, firstName, lastName },
        {
          publicUrl,
          ownerVerified: caller.verifiedEmail !== undefined && caller.verifiedEmail.toLowerCase() === email.toLowerCase(),
        },
      );
    } catch (error) {
      log.error({ err: error, orderId }, 'newsletter opt-in at checkout failed');
    }
  }
}
