import { z } from 'zod';
import { isEmail } from './email';
import { CAPTCHA_REQUIRED } from './form-messages';
import { isUsPhone } from './phone';

/**
 * The dealer registration form's rules (catalogue-and-content.md sections 3 and 5), checked in the
 * browser with the spec's messages and again on the server (server/src/forms/dealer-registration.ts
 * uses the same words), and the multipart body it sends (section 7).
 */

export const REQUIRED = 'Required';
export const INVALID_WEBSITE = 'Website must be a valid URL';
export const INVALID_PHONE = 'Phone must be a valid phone number';
export const INVALID_EMAIL = 'Email must be a valid email address';
export const PASSWORDS_MUST_MATCH = 'Password values must match';
export const DOCUMENT_TYPE = (label: string) => `${label} must be a PDF or TIFF file`;

/** The contract's website pattern (optional scheme, a dotted host, optional port and path). */
const WEBSITE_PATTERN = /^(https?:\/\/)?([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:\d+)?(\/\S*)?$/;

export const DEFAULT_COUNTRY = 'United States';

const ADDRESS = ['streetAddress', 'city', 'state', 'postalCode', 'country'] as const;
type AddressField = (typeof ADDRESS)[number];
const prefixed = (prefix: 'billing' | 'locator', field: AddressField) => `${prefix}${field[0].toUpperCase()}${field.slice(1)}`;

const REQUIRED_TEXT = ['company', 'website', 'phone', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', ...ADDRESS] as const;

/** The form as the view holds it: text values, the four switches, the two documents, the captcha. */
export interface DealerRegistrationValues {
  [field: string]: string | boolean | File | null | undefined;
  useForBillingAddress: boolean;
  appearInDealerLocator: boolean;
  useThisAddressInDealerLocator: boolean;
  hasFflSot: boolean;
  fflDocument?: File | null;
  sotDocument?: File | null;
  captcha?: string | null;
}

/** Spec defaults (section 3). */
export const dealerRegistrationDefaults = {
  country: DEFAULT_COUNTRY,
  billingCountry: DEFAULT_COUNTRY,
  locatorCountry: DEFAULT_COUNTRY,
  useForBillingAddress: true,
  appearInDealerLocator: true,
  useThisAddressInDealerLocator: true,
  hasFflSot: false,
};

/** PDF or TIFF by name or type; the server checks the content (magic bytes) again. */
export function isPdfOrTiff(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.(pdf|tiff?)$/i.test(file.name) || ['application/pdf', 'image/tiff'].includes(file.type);
}

const text = (values: DealerRegistrationValues, field: string) => {
  const value = values[field];
  return typeof value === 'string' ? value.trim() : '';
};

/** Every problem of the form, by field, with the spec's messages (checked on submit). */
export function dealerRegistrationErrors(values: DealerRegistrationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const need = (field: string) => {
    if (!text(values, field)) errors[field] ??= REQUIRED;
  };
  REQUIRED_TEXT.forEach(need);
  if (text(values, 'website') && !WEBSITE_PATTERN.test(text(values, 'website'))) errors.website = INVALID_WEBSITE;
  if (text(values, 'phone') && !isUsPhone(text(values, 'phone'))) errors.phone = INVALID_PHONE;
  if (text(values, 'email') && !isEmail(text(values, 'email'))) errors.email = INVALID_EMAIL;
  const password = typeof values.password === 'string' ? values.password : '';
  const confirm = typeof values.confirmPassword === 'string' ? values.confirmPassword : '';
  if (password && confirm && password !== confirm) errors.confirmPassword = PASSWORDS_MUST_MATCH;
  if (!values.useForBillingAddress) ADDRESS.forEach((field) => need(prefixed('billing', field)));
  if (values.appearInDealerLocator && !values.useThisAddressInDealerLocator) ADDRESS.forEach((field) => need(prefixed('locator', field)));
  if (values.hasFflSot) {
    need('fflNumber');
    if (!values.fflDocument) errors.fflDocument = REQUIRED;
  }
  for (const [field, label] of [['fflDocument', 'FFL document'], ['sotDocument', 'SOT document']] as const) {
    const file = values[field];
    if (values.hasFflSot && file instanceof File && !isPdfOrTiff(file)) errors[field] = DOCUMENT_TYPE(label);
  }
  if (!values.captcha) errors.captcha = CAPTCHA_REQUIRED;
  return errors;
}

/**
 * The multipart body (section 7): files as files, other values as text, empty values skipped, the
 * captcha left out (it travels in the X-Captcha header), and the shipping values copied into the
 * billing and locator blocks when they are "the same as shipping".
 */
export function dealerRegistrationBody(values: DealerRegistrationValues): FormData {
  const body = new FormData();
  const copy: Record<string, string> = {};
  if (values.useForBillingAddress) ADDRESS.forEach((field) => (copy[prefixed('billing', field)] = text(values, field)));
  if (values.appearInDealerLocator && values.useThisAddressInDealerLocator) {
    ADDRESS.forEach((field) => (copy[prefixed('locator', field)] = text(values, field)));
  }
  const skip = new Set(['captcha', ...(values.hasFflSot ? [] : ['fflNumber', 'sotEin', 'fflDocument', 'sotDocument'])]);
  if (!values.appearInDealerLocator) ADDRESS.forEach((field) => skip.add(prefixed('locator', field)));
  const entries = { ...values, ...copy };
  for (const [name, value] of Object.entries(entries)) {
    if (skip.has(name) || value === null || value === undefined) continue;
    if (value instanceof File) body.append(name, value, value.name);
    else if (typeof value === 'boolean') body.append(name, String(value));
    else {
      const sent = name === 'password' || name === 'confirmPassword' ? value : value.trim();
      if (sent !== '') body.append(name, sent);
    }
  }
  return body;
}

/** The zod form of the rules, for Conform (same messages). */
export const dealerRegistrationSchema = z.custom<DealerRegistrationValues>().superRefine((values, ctx) => {
  for (const [path, message] of Object.entries(dealerRegistrationErrors(values))) ctx.addIssue({ code: 'custom', path: [path], message });
});
