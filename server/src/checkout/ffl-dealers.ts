import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dealers, orders } from '../db/schema';
import type { ResultOf } from '../contract/routes';
import { HttpError } from '../problem';
import { CHOOSE_DEALER, DEALER_FORM_ERRORS } from '../../../src/domain/checkout-forms';
import { dealerStateReason, dealerStateRefusal, type HandgunLine } from '../../../src/domain/restricted-items';
import type { DealerInfo } from './customer-info';

/**
 * FFL dealers as checkout uses them (decision 029): firearms go only to a listed, active dealer
 * whose licence is current, chosen by id; the address the order keeps is the dealer record's,
 * never one the browser typed or sent.
 */

export type DealerRow = typeof dealers.$inferSelect;
export type Dealer = ResultOf<'listDealers'>[number];

/** What the shopper reads when the order names no usable dealer (the checkout form's own words). */
export const DEALER_REQUIRED = `${DEALER_FORM_ERRORS}: dealerId: ${CHOOSE_DEALER} (firearms in the cart ship to a licensed FFL dealer)`;
export const DEALER_NOT_LISTED = `${DEALER_FORM_ERRORS}: dealerId: ${CHOOSE_DEALER} (this dealer is not on our list)`;
export const DEALER_LICENCE_EXPIRED = `${DEALER_FORM_ERRORS}: dealerId: ${CHOOSE_DEALER} (this dealer's FFL license has expired)`;

/** The dealer is in another state than the buyer's, and the cart holds a handgun (decision 077). */
export const DEALER_OUT_OF_STATE = (reason: string) => `${DEALER_FORM_ERRORS}: dealerId: ${CHOOSE_DEALER} (${reason})`;

/** Today as 'YYYY-MM-DD' in UTC: a licence is good through its last day, wherever the server is. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether the licence is current on `day`: one is on file and its last day is not past. */
export function licenceCurrent(row: Pick<DealerRow, 'licenceNumber' | 'licenceExpires'>, day = today()): boolean {
  return !!row.licenceNumber && !!row.licenceExpires && row.licenceExpires >= day;
}

/** The licence's last five characters, as FFL checkouts show it; the whole number stays private. */
export function licenceEnding(licenceNumber: string | null): string | null {
  const plain = licenceNumber?.replace(/[^0-9A-Za-z]/g, '') ?? '';
  return plain.length >= 5 ? plain.slice(-5) : null;
}

/** The contract's Dealer (GET /Dealers, GET /User/last-dealer). */
export function dealerView(d: DealerRow, day = today()): Dealer {
  return {
    id: d.number,
    name: d.name,
    phoneNumber: d.phoneNumber,
    address1: d.address1,
    address2: d.address2,
    city: d.city,
    state: d.state,
    postalCode: d.postalCode,
    latitude: d.latitude,
    longitude: d.longitude,
    email: d.email,
    licenceEnding: licenceEnding(d.licenceNumber),
    licenceExpires: d.licenceExpires,
    licenceCurrent: licenceCurrent(d, day),
  };
}

/** The spec's dealer fields (shop-core section 3) as the order keeps them, from the record. */
export function dealerSnapshot(d: DealerRow): DealerInfo {
  return {
    dealerName: d.name,
    dealerAddress: d.address1,
    dealerEmail: d.email ?? '',
    dealerPhone: d.phoneNumber,
    dealerCity: d.city,
    dealerState: d.state as DealerInfo['dealerState'],
    dealerZip: d.postalCode,
    dealerCountry: 'United States',
  };
}

/**
 * The dealer an FFL order may go to: listed (known and active) with a current licence, else a
 * 409 that says to choose one from the list. A dealer address in the body is never looked at.
 */
export async function licensedDealer(db: Db, dealerId: number | undefined, day = today()): Promise<DealerRow> {
  if (dealerId === undefined) throw new HttpError(409, DEALER_REQUIRED);
  const [row] = await db.select().from(dealers).where(eq(dealers.number, dealerId));
  if (!row || !row.active) throw new HttpError(409, DEALER_NOT_LISTED);
  if (!licenceCurrent(row, day)) throw new HttpError(409, DEALER_LICENCE_EXPIRED);
  return row;
}

/**
 * Handguns go to a dealer in the buyer's state, the billing address's (18 U.S.C. 922(b)(3);
 * decision 077): the picker's own rule (src/domain/restricted-items.ts), on the server's lines
 * and the dealer record, else a 409 that says where the dealer must be.
 */
export function assertDealerInBuyersState(lines: readonly HandgunLine[], dealer: Pick<DealerRow, 'state'>, billingState: string): void {
  const refusal = dealerStateRefusal(lines, dealer.state, billingState);
  if (refusal) throw new HttpError(409, DEALER_OUT_OF_STATE(dealerStateReason(refusal)));
}

/**
 * The signed-in customer's last dealer: the one of their latest order that went to a dealer,
 * while it is still listed (its licence may have run out since; the caller decides).
 */
export async function lastDealerOf(db: Db, userId: string): Promise<DealerRow | null> {
  const [row] = await db
    .select({ dealer: dealers })
    .from(orders)
    .innerJoin(dealers, eq(dealers.number, orders.dealerId))
    .where(and(eq(orders.userId, userId), isNotNull(orders.dealerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row && row.dealer.active ? row.dealer : null;
}
