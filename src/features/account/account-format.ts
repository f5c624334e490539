import type { components } from '../../api/schema';
import { allFflItems } from '../../domain/ffl-items';

/**
 * Display rules of the account area (shop-core.md sections 2 and 9): dates as MM/DD/YYYY, the
 * payment status as words, an address as the lines of its card, and an order's addresses and
 * card (decision 040).
 */

/** MM/DD/YYYY in the US shop's calendar (the order's UTC instant shown in UTC, so it is stable). */
export function formatOrderDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

const PAYMENT_STATUS: Record<string, string> = {
  pending: 'Pending',
  authorized: 'Authorized',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export function paymentStatusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return PAYMENT_STATUS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

interface AddressLike {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  /** Care-of contact (the saved address's addressContact): 'c/o Front desk'. */
  addressContact?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
  mainContact?: string | null;
}

/** 'Front desk' -> 'c/o Front desk'; a contact already written as 'c/o ...' or 'care of ...' stays. */
export function careOfLine(contact: string | null | undefined): string {
  const text = (contact ?? '').trim();
  if (!text) return '';
  return /^(c\/o|care of)\b/i.test(text) ? text : `c/o ${text}`;
}

const cityLineOf = (city?: string | null, state?: string | null, zip?: string | null) =>
  [city, [state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

const nonEmpty = (lines: (string | null | undefined)[]) => lines.map((line) => (line ?? '').trim()).filter(Boolean);

/** The lines of an address card, skipping empty parts; the care-of contact under the name. */
export function addressLines(address: AddressLike): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const cityLine = cityLineOf(address.city, address.state, address.postalCode);
  return nonEmpty([name, careOfLine(address.addressContact), address.company, address.addressLine1, address.addressLine2, cityLine, address.country, address.mainContact]);
}

type OrderDetail = components['schemas']['OrderDetail'];

export interface OrderAddresses {
  /** The billing address, with the customer's phone. */
  billing: string[];
  /** Where the other items went; 'same' when that was the billing address; null when every item went to the dealer. */
  shipping: string[] | 'same' | null;
  /** The FFL dealer the firearms went to; null without one. */
  dealer: string[] | null;
}

/**
 * An order's addresses as the order details show them (decision 040), like the checkout's review:
 * no shipping address when every item went to the dealer (as on the confirmation page).
 */
export function orderAddresses(order: OrderDetail): OrderAddresses {
  const allFfl = allFflItems(order.items);
  const shipping: OrderAddresses['shipping'] = allFfl
    ? null
    : order.shippingSameAsBilling
      ? 'same'
      : nonEmpty([
          [order.shippingFirstName, order.shippingLastName].filter(Boolean).join(' '),
          order.shippingCompany,
          order.shippingAddress,
          cityLineOf(order.shippingCity, order.shippingState, order.shippingZipCode),
          order.shippingCountry,
        ]);
  return {
    billing: nonEmpty([
      [order.billingFirstName, order.billingLastName].filter(Boolean).join(' '),
      order.billingCompany,
      order.billingAddress,
      cityLineOf(order.billingCity, order.billingState, order.billingZipCode),
      order.billingCountry,
      order.customerPhone,
    ]),
    shipping,
    dealer: order.dealerName
      ? nonEmpty([
          order.dealerName,
          order.dealerAddress,
          cityLineOf(order.dealerCity, order.dealerState, order.dealerZipCode),
          order.dealerCountry,
          order.dealerPhone,
        ])
      : null,
  };
}

/**
 * How the order was paid, from the card the provider named at charge time: 'Visa ending in 4242';
 * 'Card ending in 4242' when the brand is unknown. Null when the order kept no card (orders
 * placed before decision 040): the page then shows no payment method rather than guess.
 */
export function paymentMethodLabel(brand: string | null | undefined, last4: string | null | undefined): string | null {
  const digits = /^\d{4}$/.test(last4 ?? '') ? last4 : null;
  const name = brand?.trim() || null;
  if (digits) return `${name ?? 'Card'} ending in ${digits}`;
  return name;
}
