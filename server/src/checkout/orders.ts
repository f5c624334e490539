import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import type { ResultOf } from '../contract/routes';
import { toDollars } from '../catalogue/pricing';
import { notFound } from '../problem';
import { orderStatus, paymentStatus } from '../accounts/order-summaries';
import type { CartOwner } from '../cart/cart-service';
import { shipToOf, splitName, type CustomerInfo, type DealerInfo } from './customer-info';
import { dealerSnapshot, licenceEnding, type DealerRow } from './ffl-dealers';
import { orderLinkKey, verifyOrderLink } from './order-link';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderDetail = ResultOf<'getOrder'>;

const GUEST_TOKEN = /^[A-Za-z0-9_-]{22,128}$/;

/**
 * Who places or reads an order: the bearer's subject, else the guest of the X-Guest-Id header
 * (decision 004). Null when neither is there; callers answer 404, as for anybody else's things.
 */
export function orderOwner(request: FastifyRequest): CartOwner | null {
  if (request.user) return { userId: request.user.id };
  const header = request.headers['x-guest-id'];
  const token = Array.isArray(header) ? header[0] : header;
  return token && GUEST_TOKEN.test(token) ? { guestToken: token } : null;
}

/** One body for every order a caller may not read: unknown, someone else's, no credentials. */
export const ORDER_NOT_FOUND = 'Order not found';

/**
 * The order if the caller owns it: the bearer's subject, or (without a bearer token) the guest
 * whose token placed it. Anything else is the same 404 (DESIGN.md section 6).
 */
export async function findOwnedOrder(db: Db, owner: CartOwner | null, orderId: number): Promise<OrderRow> {
  if (!owner) throw notFound(ORDER_NOT_FOUND);
  const ownership =
    owner.userId !== undefined
      ? eq(orders.userId, owner.userId)
      : and(eq(orders.guestToken, owner.guestToken), isNull(orders.userId));
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), ownership));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * The order a confirmation mail's link names, for reading (decision 032): whoever holds the
 * token, in any browser. A token that is not this order's, forged or expired is the same 404 as
 * an unknown order.
 */
export async function findLinkedOrder(db: Db, orderId: number, token: string): Promise<OrderRow> {
  if (!verifyOrderLink(await orderLinkKey(db), orderId, token)) throw notFound(ORDER_NOT_FOUND);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function orderItemsOf(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/**
 * The dealer as an order keeps it (orders.dealer): the spec's dealer fields from the record when
 * the order was placed, and its licence's ending (decision 037). Orders placed before decision
 * 037 have no licenceEnding.
 */
export type OrderDealer = DealerInfo & { licenceEnding?: string | null };

export function orderDealerOf(record: DealerRow): OrderDealer {
  return { ...dealerSnapshot(record), licenceEnding: licenceEnding(record.licenceNumber) };
}

/** OrderDetail of the contract (spec shop-core section 3, Order detail; decision 037). */
export function orderDetail(order: OrderRow, items: OrderItemRow[]): OrderDetail {
  const customer = order.customer as unknown as CustomerInfo;
  const shipTo = shipToOf(customer);
  const { firstName, lastName } = splitName(shipTo.name);
  const billTo = splitName(customer.name);
  const dealer = order.dealer as unknown as OrderDealer | null;
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    status: orderStatus(order.status),
    paymentStatus: paymentStatus(order.paymentStatus),
    userEmail: order.email,
    items: items.map((item) => ({
      id: item.id,
      productId: item.sku,
      productName: item.productName,
      productUrl: item.productUrl ?? '',
      ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
      quantity: item.quantity,
      unitPrice: toDollars(item.unitPriceCents),
      price: toDollars(item.lineTotalCents),
      isFflItem: item.isFflItem,
      options: item.options,
      buildId: item.buildId,
      notes: item.notes,
    })),
    billingFirstName: billTo.firstName,
    billingLastName: billTo.lastName,
    billingCompany: customer.company?.trim() || null,
    billingAddress: customer.address,
    billingCity: customer.city,
    billingState: customer.state,
    billingZipCode: customer.zip,
    billingCountry: customer.country,
    shippingSameAsBilling: customer.shippingSameAsBilling,
    shippingFirstName: firstName,
    shippingLastName: lastName,
    shippingCompany: shipTo.company?.trim() || null,
    shippingAddress: [shipTo.address, shipTo.address2].filter(Boolean).join(', '),
    shippingCity: shipTo.city,
    shippingState: shipTo.state,
    shippingZipCode: shipTo.zip,
    shippingCountry: shipTo.country,
    shippingMethodName: order.shippingMethodName,
    customerPhone: customer.mainContact ?? null,
    dealerName: dealer?.dealerName ?? null,
    dealerAddress: dealer?.dealerAddress ?? null,
    dealerCity: dealer?.dealerCity ?? null,
    dealerState: dealer?.dealerState ?? null,
    dealerZipCode: dealer?.dealerZip ?? null,
    dealerCountry: dealer?.dealerCountry ?? null,
    dealerPhone: dealer?.dealerPhone ?? null,
    dealerLicenceEnding: dealer?.licenceEnding ?? null,
    // As the provider's charge answer named the card (decision 037); null on older orders.
    paymentCardBrand: order.cardBrand,
    paymentCardLast4: order.cardLast4,
    subTotal: toDollars(order.subTotalCents),
    discountAmount: toDollars(order.discountCents),
    shippingCost: toDollars(order.shippingCents),
    taxAmount: toDollars(order.taxCents),
    totalAmount: toDollars(order.totalCents),
  };
}
