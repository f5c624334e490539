import type { BodyOf } from '../contract/routes';

/**
 * The checkout body's customer and dealer blocks (openapi CheckoutInput) and what the order makes
 * of them. Their form rules are the browser's own schemas, applied by ./checkout-forms.ts.
 */

export type CheckoutBody = BodyOf<'checkoutSimplified'>;
export type CustomerInfo = CheckoutBody['customerInfo'];
export type DealerInfo = NonNullable<CheckoutBody['dealerInfo']>;

export interface ShipTo {
  name: string;
  company?: string;
  address: string;
  /** Second line or care-of contact (addressContact). */
  address2?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/** Where non-FFL items go: the shipping address, or the billing address when they are the same. */
export function shipToOf(c: CustomerInfo): ShipTo {
  if (c.shippingSameAsBilling) {
    return { name: c.name, company: c.company, address: c.address, city: c.city, state: c.state, zip: c.zip, country: c.country };
  }
  return {
    name: c.shippingName ?? c.name,
    company: c.shippingCompany,
    address: c.shippingAddress ?? c.address,
    address2: c.addressContact,
    city: c.shippingCity ?? c.city,
    state: c.shippingState ?? c.state,
    zip: c.shippingZip ?? c.zip,
    country: c.shippingCountry ?? c.country,
  };
}

/** 'Dana Q. Demo' -> ['Dana', 'Q. Demo'] (the form joined first and last name with a space). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}
