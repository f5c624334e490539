import { z } from 'zod';
import { zipMessage } from './checkout-forms';
import { passwordShapeProblem } from './password-policy';
import { EMAIL_MAX_LENGTH, isEmail } from './email';
import { CAPTCHA_REQUIRED } from './form-messages';
import { isUsPhone } from './phone';
import { US_STATES } from './us-zips';

/**
 * The dealer registration form (catalogue-and-content.md sections 3, 5 and 7): one zod schema with
 * the spec's messages, used by the browser through Conform and the registration machine, and by
 * the server on the multipart body (server/src/forms/dealer-registration.ts). The values' type is
 * the schema's output; nothing here is typed by hand.
 *
 * Two schemas, as the checkout forms (decision 031): `dealerRegistrationFields` reads the values
 * (text trimmed and '' when empty, passwords as typed, switches false when absent, documents
 * optional) and never fails on the form's own values; `dealerRegistrationSchema` adds every rule
 * in one refinement, so every wrong field is reported at once. The browser's form adds the
 * captcha (`dealerRegistrationFormSchema`); the server gets it in the X-Captcha header.
 */

export const REQUIRED = 'Required';
export const PASSWORDS_MUST_MATCH = 'Password values must match';
export const DEFAULT_COUNTRY = 'United States';

/** The fields in screen order, with the words their messages use. */
export const DEALER_REGISTRATION_LABELS = {
  company: 'Company',
  website: 'Website',
  phone: 'Phone',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  firstName: 'First name',
  lastName: 'Last name',
  streetAddress: 'Street address',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
  useForBillingAddress: 'Use for billing address',
  billingStreetAddress: 'Billing street address',
  billingCity: 'Billing city',
  billingState: 'Billing state',
  billingPostalCode: 'Billing postal code',
  billingCountry: 'Billing country',
  appearInDealerLocator: 'Appear in dealer locator',
  useThisAddressInDealerLocator: 'Use this address in dealer locator',
  locatorStreetAddress: 'Locator street address',
  locatorCity: 'Locator city',
  locatorState: 'Locator state',
  locatorPostalCode: 'Locator postal code',
  locatorCountry: 'Locator country',
  hasFflSot: 'FFL/SOT',
  fflNumber: 'FFL number',
  sotEin: 'SOT EIN',
  fflDocument: 'FFL document',
  sotDocument: 'SOT document',
} as const;

export type DealerRegistrationField = keyof typeof DEALER_REGISTRATION_LABELS;
export const labelOf = (field: string): string => DEALER_REGISTRATION_LABELS[field as DealerRegistrationField] ?? field;

export const SWITCHES = ['useForBillingAddress', 'appearInDealerLocator', 'useThisAddressInDealerLocator', 'hasFflSot'] as const;
export type Switch = (typeof SWITCHES)[number];
export const DOCUMENT_FIELDS = ['fflDocument', 'sotDocument'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export const invalidWebsite = () => `${labelOf('website')} must be a valid URL`;
export const documentTypeMessage = (field: DocumentField) => `${labelOf(field)} must be a PDF or TIFF file`;
export const switchMessage = (field: Switch) => `${labelOf(field)} must be true or false`;

/** The contract's website pattern (optional scheme, a dotted host, optional port and path). */
const WEBSITE_PATTERN = /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:\d+)?(\/\S*)?$/;
const STATE_CODES = new Set(US_STATES.map((s) => s.code));

/**
 * The longest value of each text field (openapi/shop.yaml DealerRegistration; a unit test keeps the
 * two equal).
 */
export const DEALER_REGISTRATION_MAX_LENGTH: Readonly<Record<string, number>> = {
  company: 200,
  website: 2048,
  phone: 25,
  email: EMAIL_MAX_LENGTH,
  password: 128,
  confirmPassword: 128,
  firstName: 100,
  lastName: 100,
  streetAddress: 200,
  city: 100,
  billingStreetAddress: 200,
  billingCity: 100,
  locatorStreetAddress: 200,
  locatorCity: 100,
  fflNumber: 32,
  sotEin: 32,
};

/**
 * A document as the form holds it: the browser's File, or the server's upload (its name, declared
 * type and size, and `kind`, what its content turned out to be by its magic bytes; null when it
 * is neither a PDF nor a TIFF). Without `kind` (the browser) the name or type decides; the
 * server always reads the content.
 */
export interface DocumentValue {
  name: string;
  type: string;
  size: number;
  kind?: 'pdf' | 'tiff' | null;
}

const isDocumentValue = (value: unknown): value is DocumentValue =>
  value !== null && typeof value === 'object' && typeof (value as DocumentValue).name === 'string' && typeof (value as DocumentValue).size === 'number';

/** PDF or TIFF by name or type (the browser's reading; the server checks the content again). */
export function isPdfOrTiff(file: Pick<DocumentValue, 'name' | 'type'>): boolean {
  return /\.(pdf|tiff?)$/i.test(file.name) || ['application/pdf', 'image/tiff'].includes(file.type);
}

const isDocumentOfRightType = (file: DocumentValue) => (file.kind !== undefined ? file.kind !== null : isPdfOrTiff(file));

/** A text field: trimmed, '' when empty or missing (Conform hands an empty field over as undefined). */
const text = z.string().trim().default('');
/** A password: as typed. */
const password = z.string().default('');
/** A switch: Conform reads a ticked box ('on') as true, an unticked one is absent. */
const switchField = (field: Switch) => z.boolean({ error: switchMessage(field) }).default(false);
/** An optional document (an empty file input is no document). */
const documentField = z.custom<DocumentValue>(isDocumentValue).optional();

export const dealerRegistrationFields = z.object({
  company: text,
  website: text,
  phone: text,
  email: text,
  password,
  confirmPassword: password,
  firstName: text,
  lastName: text,
  streetAddress: text,
  city: text,
  state: text,
  postalCode: text,
  country: text,
  useForBillingAddress: switchField('useForBillingAddress'),
  billingStreetAddress: text,
  billingCity: text,
  billingState: text,
  billingPostalCode: text,
  billingCountry: text,
  appearInDealerLocator: switchField('appearInDealerLocator'),
  useThisAddressInDealerLocator: switchField('useThisAddressInDealerLocator'),
  locatorStreetAddress: text,
  locatorCity: text,
  locatorState: text,
  locatorPostalCode: text,
  locatorCountry: text,
  hasFflSot: switchField('hasFflSot'),
  fflNumber: text,
  sotEin: text,
  fflDocument: documentField,
  sotDocument: documentField,
});

/** What is registered (the schema's output): the server's values. */
export type RegistrationFields = z.output<typeof dealerRegistrationFields>;
export type RegistrationInput = z.input<typeof dealerRegistrationFields>;

/** The browser's form: the fields and the captcha's value. */
export const dealerRegistrationFormFields = dealerRegistrationFields.extend({ captcha: text });
/** The form's values as the view reads them and the registration machine checks them. */
export type DealerRegistrationValues = z.output<typeof dealerRegistrationFormFields>;

/** Spec defaults (section 3): billing and the locator use the shipping address; no FFL/SOT. */
export const dealerRegistrationDefaults = {
  country: DEFAULT_COUNTRY,
  billingCountry: DEFAULT_COUNTRY,
  locatorCountry: DEFAULT_COUNTRY,
  useForBillingAddress: true,
  appearInDealerLocator: true,
  useThisAddressInDealerLocator: true,
  hasFflSot: false,
} as const satisfies Partial<RegistrationFields>;

const ADDRESS = ['streetAddress', 'city', 'state', 'postalCode', 'country'] as const;
type AddressBlock = '' | 'billing' | 'locator';
const addressFieldsOf = (block: AddressBlock) =>
  ADDRESS.map((field) => (block ? `${block}${field[0].toUpperCase()}${field.slice(1)}` : field) as DealerRegistrationField);

/** The address blocks the form asks for: billing and locator only when they are not the shipping one. */
function askedBlocks(values: RegistrationFields): AddressBlock[] {
  const blocks: AddressBlock[] = [''];
  if (!values.useForBillingAddress) blocks.push('billing');
  if (values.appearInDealerLocator && !values.useThisAddressInDealerLocator) blocks.push('locator');
  return blocks;
}

/** Every rule of sections 3 and 5, each wrong field once, with its message. */
function dealerRegistrationRules(values: RegistrationFields, ctx: z.RefinementCtx) {
  const problems = new Map<string, string>();
  const fail = (field: string, message: string) => {
    if (!problems.has(field)) problems.set(field, message);
  };
  const need = (field: DealerRegistrationField) => {
    if (values[field] === '' || values[field] === undefined) fail(field, REQUIRED);
  };

  const textFields: DealerRegistrationField[] = ['company', 'website', 'phone', 'email', 'password', 'confirmPassword', 'firstName', 'lastName'];
  textFields.forEach(need);
  for (const block of askedBlocks(values)) {
    const [street, city, state, zip, country] = addressFieldsOf(block);
    [street, city, state, zip, country].forEach(need);
    const stateValue = values[state] as string;
    if (stateValue && !STATE_CODES.has(stateValue)) fail(state, `${labelOf(state)} must be a US state code, e.g. TX`);
    const zipValue = values[zip] as string;
    const zipProblem = zipValue ? zipMessage(zipValue, stateValue, `${labelOf(zip)} must be a valid zip code`) : null;
    if (zipProblem) fail(zip, zipProblem);
    if (values[country] && values[country] !== DEFAULT_COUNTRY) fail(country, `${labelOf(country)} must be ${DEFAULT_COUNTRY}`);
  }
  if (values.hasFflSot) {
    need('fflNumber');
    if (!values.fflDocument) fail('fflDocument', REQUIRED);
    for (const field of DOCUMENT_FIELDS) {
      const file = values[field];
      if (file && !isDocumentOfRightType(file)) fail(field, documentTypeMessage(field));
    }
  }

  if (values.website && !WEBSITE_PATTERN.test(values.website)) fail('website', invalidWebsite());
  if (values.phone && !isUsPhone(values.phone)) fail('phone', `${labelOf('phone')} must be a valid phone number`);
  if (values.email && !isEmail(values.email)) fail('email', `${labelOf('email')} must be a valid email address`);
  // The shop's password policy, as for a customer account (issue 39 item 3): its length and
  // address rules here, in the browser too; the server adds the common-password list
  // (server/src/forms/dealer-registration.ts). A password over the contract's length gets the
  // length message below.
  const passwordProblem =
    values.password && values.password.length <= DEALER_REGISTRATION_MAX_LENGTH.password ? passwordShapeProblem(values.password, values.email) : undefined;
  if (passwordProblem) fail('password', passwordProblem);
  if (values.password && values.confirmPassword && values.password !== values.confirmPassword) fail('confirmPassword', PASSWORDS_MUST_MATCH);

  // Lengths, for what is sent: the blocks asked for, and the FFL fields with hasFflSot.
  const sent = new Set<string>([...textFields, ...askedBlocks(values).flatMap(addressFieldsOf), ...(values.hasFflSot ? ['fflNumber', 'sotEin'] : [])]);
  for (const [field, max] of Object.entries(DEALER_REGISTRATION_MAX_LENGTH)) {
    const value = values[field as DealerRegistrationField];
    if (sent.has(field) && typeof value === 'string' && value.length > max) fail(field, `${labelOf(field)} must be at most ${max} characters`);
  }

  const order = Object.keys(DEALER_REGISTRATION_LABELS);
  const rank = (field: string) => order.indexOf(field);
  for (const [field, message] of [...problems].sort((a, b) => rank(a[0]) - rank(b[0]))) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** The registration's rules (the server's schema, on the multipart body). */
export const dealerRegistrationSchema = dealerRegistrationFields.superRefine(dealerRegistrationRules);

/** The browser's form: the same rules, and the captcha solved. */
export const dealerRegistrationFormSchema = dealerRegistrationFormFields.superRefine((values, ctx) => {
  dealerRegistrationRules(values, ctx);
  if (!values.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: CAPTCHA_REQUIRED });
});

/** Field -> message, the first issue of each field (what the form shows under the fields). */
export function dealerRegistrationErrors(values: DealerRegistrationValues): Record<string, string> {
  const result = dealerRegistrationFormSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * What is registered (section 5): the blocks that use the shipping address get the shipping
 * values whatever was typed in them, a locator block that is off and the FFL fields without
 * hasFflSot are dropped. The browser sends this; the server stores it.
 */
export function registeredValues<T extends RegistrationFields>(values: T): T {
  const kept: T = { ...values };
  const copyShipping = (block: 'billing' | 'locator') =>
    addressFieldsOf(block).forEach((field, i) => ((kept as Record<string, unknown>)[field] = values[ADDRESS[i]]));
  const clear = (fields: readonly DealerRegistrationField[]) => fields.forEach((field) => delete (kept as Record<string, unknown>)[field]);
  if (values.useForBillingAddress) copyShipping('billing');
  if (!values.appearInDealerLocator) clear(addressFieldsOf('locator'));
  else if (values.useThisAddressInDealerLocator) copyShipping('locator');
  if (!values.hasFflSot) clear(['fflNumber', 'sotEin', ...DOCUMENT_FIELDS]);
  return kept;
}
