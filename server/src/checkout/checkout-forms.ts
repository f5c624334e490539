import {
  BILLING_FORM_ERRORS,
  DEALER_FORM_ERRORS,
  billingFields,
  billingSchema,
  dealerFields,
  dealerSchema,
} from '../../../src/domain/checkout-forms';
import type { FieldError } from '../problem';
import { formErrors, formSentence, type BodyForm } from '../form-rules';

/**
 * The checkout body's form errors (shop-core.md section 5), found by the browser's own schemas
 * (src/domain/checkout-forms.ts): the body's values are mapped onto the form's fields, parsed with
 * the same schema (../form-rules.ts), and each issue is named by the body's field again
 * ('customerInfo.zip'). The checkout route runs this before the contract's schema check, so a
 * shopper reads 'Zip code must be at least 5 digits', not a JSON-schema sentence.
 */

type Values = Record<string, unknown>;

/**
 * Body field -> the form fields it carries. The body joins first and last name into `name` and
 * `shippingName` (openapi CustomerInfo); the form's rule for either half (required) applies to the
 * joined name. Every other field has the form's own name.
 */
const CUSTOMER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  name: ['firstName', 'lastName'],
  shippingName: ['shippingFirstName', 'shippingLastName'],
};

const BILLING_FORM: BodyForm = { fields: billingFields, schema: billingSchema, renames: CUSTOMER_FIELDS };
const DEALER_FORM: BodyForm = { fields: dealerFields, schema: dealerSchema };

/**
 * The form errors of a checkout body as one sentence per form, naming each field:
 * 'Errors in the Billing Form: zip: Zip code must be at least 5 digits'. Undefined when clean.
 * dealerInfo is the deprecated dealer payload (decision 029): still checked with the dealer form.
 */
export function checkoutFormErrors(body: unknown): { message: string; errors: FieldError[] } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { customerInfo, dealerInfo } = body as Values;
  const billing = formErrors(customerInfo, BILLING_FORM, 'customerInfo');
  const dealer = formErrors(dealerInfo, DEALER_FORM, 'dealerInfo');
  if (!billing.length && !dealer.length) return undefined;
  const parts = [
    ...(billing.length ? [formSentence(BILLING_FORM_ERRORS, billing)] : []),
    ...(dealer.length ? [formSentence(DEALER_FORM_ERRORS, dealer)] : []),
  ];
  return { message: parts.join('. '), errors: [...billing, ...dealer] };
}
