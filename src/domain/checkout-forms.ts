import { z } from 'zod';
import { isEmail } from './email';
import { isUsPhone } from './phone';
import { zipExists } from './us-zip-list';
import { US_STATES, stateOfZip, zipFive } from './us-zips';

/**
 * The checkout forms (shop-core.md sections 3 and 5): one zod schema per form, with the spec's
 * messages. The views validate with them through Conform, the checkout machine decides with them
 * whether the billing step may advance, and the server checks the checkout body with the very same
 * schemas (server/src/checkout/checkout-forms.ts maps the body's field names onto the form's). The
 * forms' value types are the schemas' outputs (z.output), never typed by hand.
 *
 * Each form is two schemas: its fields (`*Fields`: every text field trimmed, '' when empty or
 * missing; checkboxes false when absent, so it never fails on a form's own values) and the form
 * (`*Schema`: the fields plus every rule in one refinement, so every wrong field is reported at
 * once, whether the values come from Conform (empty -> undefined) or from the machine (empty -> '')).
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

type Rule = 'required' | 'email' | 'phone' | 'optionalPhone' | 'zip' | 'state' | 'country';

/** A text field: trimmed; '' when empty (Conform hands an empty field over as undefined). */
const text = z.string().trim().default('');
/** A checkbox: Conform reads 'on' as true; an unchecked box is absent, so false. */
const checkbox = z.boolean().default(false);

function ruleMessage(value: string, rule: Rule, state: string | undefined): string | null {
  if (value === '') return rule === 'optionalPhone' ? null : REQUIRED;
  if (rule === 'email' && !isEmail(value)) return INVALID_EMAIL;
  if ((rule === 'phone' || rule === 'optionalPhone') && !isUsPhone(value)) return INVALID_PHONE;
  if (rule === 'zip') return zipMessage(value, state);
  if (rule === 'state' && !STATE_CODES.has(value)) return REQUIRED;
  if (rule === 'country' && value !== COUNTRY) return REQUIRED;
  return null;
}

function checkRules<T extends Record<string, unknown>>(values: T, rules: readonly (readonly [keyof T & string, Rule])[], ctx: z.RefinementCtx) {
  for (const [name, rule] of rules) {
    const state = values[STATE_FIELD_OF_ZIP[name] as keyof T];
    const message = ruleMessage(String(values[name] ?? ''), rule, typeof state === 'string' ? state : undefined);
    if (message) ctx.addIssue({ code: 'custom', path: [name], message });
  }
}

/** The billing form's fields (section 3, Billing form); shippingSameAsBilling defaults to true in the view. */
export const billingFields = z.object({
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
  optInNewsletter: checkbox,
  shippingSameAsBilling: checkbox,
  shippingMethodId: z.number().nullable().default(null),
});

export type BillingValues = z.output<typeof billingFields>;

const billingRules = [
  ['email', 'email'],
  ['firstName', 'required'],
  ['lastName', 'required'],
  ['mainContact', 'optionalPhone'],
  ['address', 'required'],
  ['city', 'required'],
  ['state', 'state'],
  ['zip', 'zip'],
  ['country', 'country'],
] as const;

const shippingRules = [
  ['shippingFirstName', 'required'],
  ['shippingLastName', 'required'],
  ['shippingAddress', 'required'],
  ['shippingCity', 'required'],
  ['shippingState', 'state'],
  ['shippingZip', 'zip'],
  ['shippingCountry', 'country'],
] as const;

function refineBilling(values: BillingValues, ctx: z.RefinementCtx) {
  checkRules(values, billingRules, ctx);
  // An unchecked box is absent from the form data: only a checked box means "same as billing"
  // (section 3's default is checked, set by the view).
  if (!values.shippingSameAsBilling) checkRules(values, shippingRules, ctx);
  // "shippingMethodId required" (section 5), with the billing step's 'Required'.
  const method = values.shippingMethodId;
  if (method === null || !Number.isInteger(method) || method < 1) ctx.addIssue({ code: 'custom', path: ['shippingMethodId'], message: REQUIRED });
}

/** Billing step: billing, shipping (only when not the same as billing), shipping method. */
export const billingSchema = billingFields.superRefine(refineBilling);

/** The dealer form's fields (section 3, Dealer form). */
export const dealerFields = z.object({
  dealerName: text,
  dealerAddress: text,
  dealerEmail: text,
  dealerPhone: text,
  dealerCity: text,
  dealerState: text,
  dealerZip: text,
  dealerCountry: text,
});

export type DealerValues = z.output<typeof dealerFields>;

const dealerRules = [
  ['dealerName', 'required'],
  ['dealerAddress', 'required'],
  ['dealerEmail', 'email'],
  ['dealerPhone', 'phone'],
  ['dealerCity', 'required'],
  ['dealerState', 'state'],
  ['dealerZip', 'zip'],
  ['dealerCountry', 'country'],
] as const;

/** Dealer form, only when the cart holds FFL items. */
export const dealerSchema = dealerFields.superRefine((values, ctx) => checkRules(values, dealerRules, ctx));

/** Shown on the dealer step when Next is pressed before a dealer was chosen (decision 029). */
export const CHOOSE_DEALER = 'Choose a licensed FFL dealer from the list';

/** The billing step's one form as the view holds it: billing, plus the dealer chosen (decision 029). */
export const billingStepFields = billingFields.extend({ ...dealerFields.shape, dealerId: text });

export type BillingStepValues = z.output<typeof billingStepFields>;
/** The billing step's fields as Conform holds them (before defaults). */
export type BillingStepInput = z.input<typeof billingStepFields>;

/**
 * The billing step's one form: billing, and when the cart holds FFL items the dealer chosen from
 * the shop's list (its id, and its record's fields shown read-only under the spec's rules). Until
 * a dealer is chosen only the choice is reported, so no field error waits under hidden fields.
 */
export function billingStepSchema(options: { ffl: boolean }) {
  return billingStepFields.superRefine((values, ctx) => {
    refineBilling(values, ctx);
    if (!options.ffl) return;
    if (values.dealerId === '') ctx.addIssue({ code: 'custom', path: ['dealerId'], message: CHOOSE_DEALER });
    else checkRules(values, dealerRules, ctx);
  });
}

/** The billing step with FFL items in the cart. */
export const billingWithDealerSchema = billingStepSchema({ ffl: true });

/** Card form: all required, generic '{field} is required' (section 5, generic form rules). */
export const cardFields = z.object({ cardNumber: text, month: text, year: text, cardCode: text });

export type CardValues = z.output<typeof cardFields>;

const CARD_LABELS = { cardNumber: 'Card number', month: 'Month', year: 'Year', cardCode: 'Security code' } as const;

export const cardSchema = cardFields.superRefine((values, ctx) => {
  for (const [name, label] of Object.entries(CARD_LABELS) as [keyof CardValues, string][]) {
    if (values[name] === '') ctx.addIssue({ code: 'custom', path: [name], message: `${label} is required` });
  }
});

export const promoSchema = z.object({ promoCode: text }).superRefine((values, ctx) => {
  if (values.promoCode === '') ctx.addIssue({ code: 'custom', path: ['promoCode'], message: 'Promo code is required' });
});

/** A new billing form (section 3): United States, shipping the same as billing, nothing else. */
export const emptyBilling: BillingValues = billingFields.parse({ country: COUNTRY, shippingCountry: COUNTRY, shippingSameAsBilling: true });

export const emptyDealer: DealerValues = dealerFields.parse({ dealerCountry: COUNTRY });

export function isBillingValid(values: BillingValues | null | undefined): boolean {
  return !!values && billingSchema.safeParse(values).success;
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
