import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import type { ResultOf } from '../contract/routes';
import { toDollars } from '../catalogue/pricing';

export type OrderSummary = ResultOf<'getProfile'>['orders'][number];
type OrderStatus = OrderSummary['status'];
type PaymentStatus = OrderSummary['paymentStatus'];

/**
 * The orders table keeps the checkout's own words (schema.ts: processing, delivered, voided ...);
 * the contract has a fixed vocabulary (decision 004). Unknown words fall back to pending, which
 * never claims more than is known.
 */
const ORDER_STATUS: Record<string, OrderStatus> = {
  pending: 'pending',
  processing: 'paid',
  paid: 'paid',
  shipped: 'shipped',
  delivered: 'shipped',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  refunded: 'refunded',
};
const PAYMENT_STATUS: Record<string, PaymentStatus> = {
  pending: 'pending',
  authorized: 'authorized',
  captured: 'paid',
  paid: 'paid',
  failed: 'failed',
  declined: 'failed',
  voided: 'refunded',
  refunded: 'refunded',
};

export const orderStatus = (value: string): OrderStatus => ORDER_STATUS[value] ?? 'pending';
export const paymentStatus = (value: string): PaymentStatus => PAYMENT_STATUS[value] ?? 'pending';

/** The profile's orders list (spec shop-core section 3, Order summary): the user's own, newest first. */
export async function listOrderSummaries(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    status: orderStatus(row.status),
    paymentStatus: paymentStatus(row.paymentStatus),
    totalAmount: toDollars(row.totalCents),
  }));
}
