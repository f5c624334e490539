import { z } from 'zod';
import { isUsPhone } from './phone';
import { zipExists } from './us-zip-list';
import { US_STATES, stateOfZip, zipFive } from './us-zips';

/**
 * The checkout forms' rules and messages (shop-core.md section 5), shared by the views (Conform
 * field errors) and the checkout machine (which decides whether the billing step is valid), and
 * the same rules the server checks again (server/src/checkout/customer-rules.ts).
 *
 * Every field is an optional string in the object shape and all rules run in one refinement, so a
 * missing field never aborts the parse: every wrong field is reported at once, with the spec's
 * message, whether the values come from Conform (empty -> undefined) or from the machine's event
 * (empty -> '').
 */

export const REQUIRED = 'Required';
export const INVALID_EMAIL = 'Must be a valid email address';
export const INVALID_PHONE = 'Must be a valid phone number';
export const SHORT_ZIP = 'Zip code must be at least 5 digits';
/** The zip rule's own messages (decision 026); the spec gives only SHORT_ZIP. */
export const ZIP_FORMAT = 'Enter a 5-digit zip code, or ZIP+4';
export const UNKNOWN_ZIP = 'This zip code does not exist';
export const zipNotInState = (stateName: string) => `This zip code is not in ${stateName}`;
export const BILLING_FORM_ERRORS = 'Errors in the Billing Form';
export const DEALER_FORM_ERRORS = 'Errors in the Dealer Address Form';
export const RESTRICTED_ITEMS_ERROR = 'Restricted Items in Cart';

/** The only country offered (section 5). */
export const COUNTRY = 'United States';

/** The 50 states plus DC, USPS codes with names, alphabetical by name (src/domain/us-zips.ts). */
export { US_STATES };

const STATE_CODES = new Set(US_STATES.map((s) => s.code));

const MIN_ZIP = 5;

/**
 * The zip rule of every address form, browser and server (decision 026): at least 5 characters
 * (the spec's message, or the form's own `shortMessage`), then 5 digits or ZIP+4, then a zip that
 * exists in the packaged US zip list, then, when the form's state is one of US_STATES, a zip of
 * that state. Null when the zip passes; a blank zip is the caller's 'required' rule.
 */
export function zipMessage(zip: unknown, state: unknown, shortMessage: string = SHORT_ZIP): string | null {
  const value = typeof zip === 'string' ? zip.trim() : '';
  if (value.length < MIN_ZIP) return shortMessage;
  const five = zipFive(value);
  if (!five) return ZIP_FORMAT;
  if (!zipExists(five)) return UNKNOWN_ZIP;
  const chosen = typeof state === 'string' ? US_STATES.find((s) => s.code === state.trim()) : undefined;
  if (chosen && stateOfZip(five) !== chosen.code) return zipNotInState(chosen.name);
  return null;
}

/** The state field each zip field is checked against. */
const STATE_FIELD_OF_ZIP: Readonly<Record<string, string>> = { zip: 'state', shippingZip: 'shippingState', dealerZip: 'dealerState' };

/** Generic form rule: non-space text, @, text, dot, text. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Rule = 'required' | 'email' | 'phone' | 'optionalPhone' | 'zip' | 'state' | 'country' | 'optional';

const text = z.string().optional();
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function ruleMessage(value: unknown, rule: Rule, requiredMessage: string, state?: unknown): string | null {
  if (blank(value)) return rule === 'optionalPhone' || rule === 'optional' ? null : requiredMessage;
  const v = String(value).trim();
  if (rule === 'email' && !EMAIL.test(v)) return INVALID_EMAIL;
  if ((rule === 'phone' || rule === 'optionalPhone') && !isUsPhone(v)) return INVALID_PHONE;
  if (rule === 'zip') return zipMessage(v, state);
  if (rule === 'state' && !STATE_CODES.has(v)) return REQUIRED;
  if (rule === 'country' && v !== COUNTRY) return REQUIRED;
  return null;
}

function checkRules(values: Record<string, unknown>, rules: [string, Rule][], ctx: z.RefinementCtx, requiredMessage = REQUIRED) {
  for (const [name, rule] of rules) {
    const message = ruleMessage(values[name], rule, requiredMessage, values[STATE_FIELD_OF_ZIP[name]]);
    if (message) ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

const billingShape = {
  email: text,
  firstName: text,
  lastName: text,
  company: text,
  mainContact: text,
  address: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  shippingFirstName: text,
  shippingLastName: text,
  shippingCompany: text,
  addressContact: text,
  shippingAddress: text,
  shippingCity: text,
  shippingState: text,
  shippingZip: text,
  shippingCountry: text,
  optInNewsletter: z.boolean().optional(),
  shippingSameAsBilling: z.boolean().optional(),
  shippingMethodId: z.number().nullable().optional(),
};

const billingRules: [string, Rule][] = [
  ['email', 'email'],
  ['firstName', 'required'],
  ['lastName', 'required'],
  ['mainContact', 'optionalPhone'],
  ['address', 'required'],
  ['city', 'required'],
  ['state', 'state'],
  ['zip', 'zip'],
  ['country', 'country'],
];

const shippingRules: [string, Rule][] = [
  ['shippingFirstName', 'required'],
  ['shippingLastName', 'required'],
  ['shippingAddress', 'required'],
  ['shippingCity', 'required'],
  ['shippingState', 'state'],
  ['shippingZip', 'zip'],
  ['shippingCountry', 'country'],
];

function refineBilling(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  checkRules(values, billingRules, ctx);
  // A checkbox left unchecked is absent from the form data: only an explicit false (or an
  // absent box) means a separate shipping address; the default is "same" (section 3).
  if (values.shippingSameAsBilling !== true) checkRules(values, shippingRules, ctx);
  if (typeof values.shippingMethodId !== 'number' || !(values.shippingMethodId > 0)) {
    ctx.addIssue({ code: 'custom', path: ['shippingMethodId'], message: 'Shipping method is required' });
  }
}

/** Billing step: billing, shipping (only when not the same as billing), shipping method. */
export const billingSchema = z.object(billingShape).superRefine(refineBilling);

const dealerShape = {
  dealerName: text,
  dealerAddress: text,
  dealerEmail: text,
  dealerPhone: text,
  dealerCity: text,
  dealerState: text,
  dealerZip: text,
  dealerCountry: text,
};

const dealerRules: [string, Rule][] = [
  ['dealerName', 'required'],
  ['dealerAddress', 'required'],
  ['dealerEmail', 'email'],
  ['dealerPhone', 'phone'],
  ['dealerCity', 'required'],
  ['dealerState', 'state'],
  ['dealerZip', 'zip'],
  ['dealerCountry', 'country'],
];

/** Dealer form, only when the cart holds FFL items. */
export const dealerSchema = z.object(dealerShape).superRefine((values, ctx) => checkRules(values, dealerRules, ctx));

/** Shown on the dealer step when Next is pressed before a dealer was chosen (decision 029). */
export const CHOOSE_DEALER = 'Choose a licensed FFL dealer from the list';

/**
 * The billing step's one form when the cart holds FFL items: billing, and the dealer chosen from
 * the shop's list (its id, and its record's fields shown read-only under the spec's rules). Until a
 * dealer is chosen only the choice is reported, so no field error waits under hidden fields.
 */
export const billingWithDealerSchema = z.object({ ...billingShape, ...dealerShape, dealerId: text }).superRefine((values, ctx) => {
  refineBilling(values, ctx);
  if (blank(values.dealerId)) ctx.addIssue({ code: 'custom', path: ['dealerId'], message: CHOOSE_DEALER });
  else checkRules(values, dealerRules, ctx);
});

/** Card form: all required, generic '{field} is required' (section 5, generic form rules). */
export const cardSchema = z.object({ cardNumber: text, month: text, year: text, cardCode: text }).superRefine((values, ctx) => {
  const labels: [keyof typeof values, string][] = [
    ['cardNumber', 'Card number'],
    ['month', 'Month'],
    ['year', 'Year'],
    ['cardCode', 'Security code'],
  ];
  for (const [name, label] of labels) {
    if (blank(values[name])) ctx.addIssue({ code: 'custom', path: [name], message: `${label} is required` });
  }
});

export const promoSchema = z.object({ promoCode: text }).superRefine((values, ctx) => {
  if (blank(values.promoCode)) ctx.addIssue({ code: 'custom', path: ['promoCode'], message: 'Promo code is required' });
});

/** The billing form's values (section 3, Billing form); strings are '' when empty. */
export interface BillingValues {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  mainContact: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  shippingFirstName: string;
  shippingLastName: string;
  shippingCompany: string;
  addressContact: string;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry: string;
  optInNewsletter: boolean;
  shippingSameAsBilling: boolean;
  shippingMethodId: number | null;
}

export interface DealerValues {
  dealerName: string;
  dealerAddress: string;
  dealerEmail: string;
  dealerPhone: string;
  dealerCity: string;
  dealerState: string;
  dealerZip: string;
  dealerCountry: string;
}

export interface CardValues {
  cardNumber: string;
  month: string;
  year: string;
  cardCode: string;
}

export const emptyBilling: BillingValues = {
  email: '',
  firstName: '',
  lastName: '',
  company: '',
  mainContact: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: COUNTRY,
  shippingFirstName: '',
  shippingLastName: '',
  shippingCompany: '',
  addressContact: '',
  shippingAddress: '',
  shippingCity: '',
  shippingState: '',
  shippingZip: '',
  shippingCountry: COUNTRY,
  optInNewsletter: false,
  shippingSameAsBilling: true,
  shippingMethodId: null,
};

export const emptyDealer: DealerValues = {
  dealerName: '',
  dealerAddress: '',
  dealerEmail: '',
  dealerPhone: '',
  dealerCity: '',
  dealerState: '',
  dealerZip: '',
  dealerCountry: COUNTRY,
};

const asRecord = (values: object) => ({ ...values, shippingMethodId: (values as { shippingMethodId?: unknown }).shippingMethodId ?? undefined });

export function isBillingValid(values: BillingValues | null | undefined): boolean {
  return !!values && billingSchema.safeParse(asRecord(values)).success;
}

export function isDealerValid(values: DealerValues | null | undefined): boolean {
  return !!values && dealerSchema.safeParse(values).success;
}

/** Where non-FFL items ship: the shipping address, or billing when it is the same. */
export function shippingDestination(values: BillingValues): { state: string; zip: string; address: string; city: string } {
  return values.shippingSameAsBilling
    ? { state: values.state, zip: values.zip, address: values.address, city: values.city }
    : { state: values.shippingState, zip: values.shippingZip, address: values.shippingAddress, city: values.shippingCity };
}
