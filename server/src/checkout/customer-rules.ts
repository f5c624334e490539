import type { BodyOf } from '../contract/routes';
import type { FieldError } from '../problem';
import { zipMessage } from '../../../src/domain/checkout-forms';

/**
 * The billing and dealer forms' rules (spec shop-core section 5), checked again by the server
 * with the spec's own messages. Pure; the checkout route runs them before the contract's schema
 * check so a shopper reads 'Zip code must be at least 5 digits', not a JSON-schema sentence.
 */

export type CheckoutBody = BodyOf<'checkoutSimplified'>;
export type CustomerInfo = CheckoutBody['customerInfo'];
export type DealerInfo = NonNullable<CheckoutBody['dealerInfo']>;

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Must be a valid email address';
export const INVALID_PHONE = 'Must be a valid phone number';
export { SHORT_ZIP } from '../../../src/domain/checkout-forms';
export const BILLING_FORM_ERRORS = 'Errors in the Billing Form';
export const DEALER_FORM_ERRORS = 'Errors in the Dealer Address Form';

/** Generic form rules (section 5): non-space text, @, text, dot, text. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional +1, then 3-3-4 digits with optional separators. */
const PHONE = /^(\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}$/;
/** The state field each zip is checked against (decision 026). */
const STATE_FIELD_OF_ZIP: Readonly<Record<string, string>> = { zip: 'state', shippingZip: 'shippingState', dealerZip: 'dealerState' };


type Values = Record<string, unknown>;
type Rule = 'required' | 'email' | 'phone' | 'zip' | 'optionalPhone';

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function check(values: Values, prefix: string, rules: [string, Rule][]): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, rule] of rules) {
    const value = values[name];
    const field = `${prefix}.${name}`;
    if (isBlank(value)) {
      if (rule !== 'optionalPhone') errors.push({ field, message: REQUIRED });
      continue;
    }
    // Values of the wrong type are left to the contract's schema check.
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (rule === 'email' && !EMAIL.test(text)) errors.push({ field, message: INVALID_EMAIL });
    if ((rule === 'phone' || rule === 'optionalPhone') && !PHONE.test(text)) errors.push({ field, message: INVALID_PHONE });
    if (rule === 'zip') {
      // The browser's own zip rule (src/domain/checkout-forms.ts): format, exists, in the state.
      const message = zipMessage(text, values[STATE_FIELD_OF_ZIP[name]]);
      if (message) errors.push({ field, message });
    }
  }
  return errors;
}

/** Billing step: billing fields always, shipping fields only when shipping differs from billing. */
export function billingErrors(customerInfo: Values): FieldError[] {
  const rules: [string, Rule][] = [
    ['email', 'email'],
    ['name', 'required'],
    ['mainContact', 'optionalPhone'],
    ['address', 'required'],
    ['city', 'required'],
    ['state', 'required'],
    ['zip', 'zip'],
    ['country', 'required'],
  ];
  if (customerInfo.shippingSameAsBilling === false) {
    rules.push(
      ['shippingName', 'required'],
      ['shippingAddress', 'required'],
      ['shippingCity', 'required'],
      ['shippingState', 'required'],
      ['shippingZip', 'zip'],
      ['shippingCountry', 'required'],
    );
  }
  rules.push(['shippingMethodId', 'required']);
  return check(customerInfo, 'customerInfo', rules);
}

/** Dealer form (only when the cart holds FFL items). */
export function dealerErrors(dealerInfo: Values): FieldError[] {
  return check(dealerInfo, 'dealerInfo', [
    ['dealerName', 'required'],
    ['dealerAddress', 'required'],
    ['dealerEmail', 'email'],
    ['dealerPhone', 'phone'],
    ['dealerCity', 'required'],
    ['dealerState', 'required'],
    ['dealerZip', 'zip'],
    ['dealerCountry', 'required'],
  ]);
}

const isObject = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The form errors of a checkout body as one sentence per form, naming each field:
 * 'Errors in the Billing Form: zip: Zip code must be at least 5 digits'. Undefined when clean.
 */
export function checkoutFormErrors(body: unknown): { message: string; errors: FieldError[] } | undefined {
  if (!isObject(body)) return undefined;
  const billing = isObject(body.customerInfo) ? billingErrors(body.customerInfo) : [];
  const dealer = isObject(body.dealerInfo) ? dealerErrors(body.dealerInfo) : [];
  if (!billing.length && !dealer.length) return undefined;
  const sentence = (title: string, errors: FieldError[]) =>
    `${title}: ${errors.map((e) => `${e.field.split('.').pop()}: ${e.message}`).join('; ')}`;
  const parts = [
    ...(billing.length ? [sentence(BILLING_FORM_ERRORS, billing)] : []),
    ...(dealer.length ? [sentence(DEALER_FORM_ERRORS, dealer)] : []),
  ];
  return { message: parts.join('. '), errors: [...billing, ...dealer] };
}

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
