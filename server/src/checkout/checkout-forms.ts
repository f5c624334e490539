import type { z } from 'zod';
import {
  BILLING_FORM_ERRORS,
  DEALER_FORM_ERRORS,
  billingFields,
  billingSchema,
  dealerFields,
  dealerSchema,
} from '../../../src/domain/checkout-forms';
import type { FieldError } from '../problem';

/**
 * The checkout body's form errors (shop-core.md section 5), found by the browser's own schemas
 * (src/domain/checkout-forms.ts): the body's values are mapped onto the form's fields, parsed with
 * the same schema, and each issue is named by the body's field again ('customerInfo.zip'). The
 * checkout route runs this before the contract's schema check, so a shopper reads 'Zip code must
 * be at least 5 digits', not a JSON-schema sentence.
 */

type Values = Record<string, unknown>;
type FieldsSchema = z.ZodObject<Record<string, z.ZodType>>;

/**
 * Body field -> the form fields it carries. The body joins first and last name into `name` and
 * `shippingName` (openapi CustomerInfo); the form's rule for either half (required) applies to the
 * joined name. Every other field has the form's own name.
 */
const CUSTOMER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  name: ['firstName', 'lastName'],
  shippingName: ['shippingFirstName', 'shippingLastName'],
};

interface Mapped {
  values: Values;
  /** Form field -> body field, for naming issues. */
  bodyField: Map<string, string>;
}

/**
 * The form's values from a body block. A value of the wrong type (a number for a zip) is left out
 * and its issues dropped: the contract's schema check answers it in its own words, as before.
 */
function toFormValues(block: Values, fields: FieldsSchema, renames: Readonly<Record<string, readonly string[]>>): Mapped & { wrongType: Set<string> } {
  const values: Values = {};
  const bodyField = new Map<string, string>();
  const wrongType = new Set<string>();
  for (const name of Object.keys(fields.shape)) bodyField.set(name, name);
  for (const [from, to] of Object.entries(renames)) to.forEach((name) => bodyField.set(name, from));
  for (const [formName, from] of bodyField) {
    const value = block[from];
    if (value === undefined || value === null) continue;
    if (fields.shape[formName].safeParse(value).success) values[formName] = value;
    else wrongType.add(from);
  }
  return { values, bodyField, wrongType };
}

function formErrors(block: unknown, prefix: string, fields: FieldsSchema, schema: z.ZodType, renames = {}): FieldError[] {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return [];
  const { values, bodyField, wrongType } = toFormValues(block as Values, fields, renames);
  const result = schema.safeParse(values);
  if (result.success) return [];
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const from = bodyField.get(String(issue.path[0])) ?? String(issue.path[0]);
    if (wrongType.has(from)) continue;
    const field = `${prefix}.${from}`;
    // Both halves of a joined name report the same problem once.
    if (!errors.some((e) => e.field === field && e.message === issue.message)) errors.push({ field, message: issue.message });
  }
  return errors;
}

/**
 * The form errors of a checkout body as one sentence per form, naming each field:
 * 'Errors in the Billing Form: zip: Zip code must be at least 5 digits'. Undefined when clean.
 * dealerInfo is the deprecated dealer payload (decision 029): still checked with the dealer form.
 */
export function checkoutFormErrors(body: unknown): { message: string; errors: FieldError[] } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { customerInfo, dealerInfo } = body as Values;
  const billing = formErrors(customerInfo, 'customerInfo', billingFields as unknown as FieldsSchema, billingSchema, CUSTOMER_FIELDS);
  const dealer = formErrors(dealerInfo, 'dealerInfo', dealerFields as unknown as FieldsSchema, dealerSchema);
  if (!billing.length && !dealer.length) return undefined;
  const sentence = (title: string, errors: FieldError[]) =>
    `${title}: ${errors.map((e) => `${e.field.split('.').pop()}: ${e.message}`).join('; ')}`;
  const parts = [
    ...(billing.length ? [sentence(BILLING_FORM_ERRORS, billing)] : []),
    ...(dealer.length ? [sentence(DEALER_FORM_ERRORS, dealer)] : []),
  ];
  return { message: parts.join('. '), errors: [...billing, ...dealer] };
}
