import { z } from 'zod';
import { captchaValue, requiredEmail, requiredMessage, requiredText } from './form-messages';
import { isUsPhone } from './phone';

/**
 * Product registration (/registration, docs/decisions/023): an owner registers a purchased
 * firearm for warranty service and recall notices. No spec section gives its fields, so the
 * form follows the generic rules of catalogue-and-content.md section 5 ('{field} is required',
 * '{field} must be a valid email address', the captcha's message) and adds its own for the
 * serial number, the purchase date and the zip. The browser and the server run this one schema,
 * so a refused field says the same thing on both sides.
 */

export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9-]{3,20}$/;
/** The earliest purchase date accepted: the catalogue has nothing older to register. */
export const EARLIEST_PURCHASE_DATE = '2000-01-01';

export const INVALID_SERIAL_NUMBER = 'Serial number must be 3 to 20 letters, digits or dashes';
export const INVALID_PURCHASE_DATE = 'Purchase date must be a valid date';
export const FUTURE_PURCHASE_DATE = 'Purchase date cannot be in the future';
export const EARLY_PURCHASE_DATE = 'Purchase date cannot be before 2000';
export const INVALID_PHONE = 'Phone must be a valid phone number';
export const INVALID_ZIP = 'Zip code must be 5 digits';

/** Field labels, used by the form and in the messages ('{field} is required'). */
export const PRODUCT_REGISTRATION_LABELS = {
  documentId: 'Product model',
  serialNumber: 'Serial number',
  purchaseDate: 'Purchase date',
  purchasedFrom: 'Purchased from',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  zip: 'Zip code',
} as const;

/** The success notice: 'Thank you, your {product} is registered'. */
export const registeredMessage = (product: string) => `Thank you, your ${product} is registered`;
/** The server's 409 for a serial number already registered for that model. */
export const alreadyRegisteredMessage = (product: string) => `This serial number is already registered for the ${product}`;

/** Serial numbers are stored and compared upper-case, without surrounding spaces. */
export function normalizeSerialNumber(value: string): string {
  return value.trim().toUpperCase();
}

/** A calendar date as YYYY-MM-DD in the runtime's own time zone (the browser's "today"). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a real calendar date written YYYY-MM-DD (no 2024-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const optionalText = z.string().optional();
const blank = (value: string | undefined) => value === undefined || value.trim() === '';

/**
 * The rules with "today" given: the browser passes its local date, the server the latest date
 * anywhere (so a customer west of the server is never told their purchase is in the future).
 * Empty optional values may arrive as undefined (Conform) or be left out (the API).
 */
export function createProductRegistrationSchema(today: () => string = () => localIsoDate()) {
  return z.object({
    documentId: z.string({ error: requiredMessage(PRODUCT_REGISTRATION_LABELS.documentId) }).trim().min(1, requiredMessage(PRODUCT_REGISTRATION_LABELS.documentId)),
    serialNumber: requiredText(PRODUCT_REGISTRATION_LABELS.serialNumber, 100)
      .transform(normalizeSerialNumber)
      .refine((value) => SERIAL_NUMBER_PATTERN.test(value), INVALID_SERIAL_NUMBER),
    purchaseDate: requiredText(PRODUCT_REGISTRATION_LABELS.purchaseDate, 100)
      .refine(isIsoDate, { message: INVALID_PURCHASE_DATE, abort: true })
      .refine((value) => value >= EARLIEST_PURCHASE_DATE, { message: EARLY_PURCHASE_DATE, abort: true })
      .refine((value) => value <= today(), FUTURE_PURCHASE_DATE),
    purchasedFrom: requiredText(PRODUCT_REGISTRATION_LABELS.purchasedFrom, 200),
    firstName: requiredText(PRODUCT_REGISTRATION_LABELS.firstName, 100),
    lastName: requiredText(PRODUCT_REGISTRATION_LABELS.lastName, 100),
    email: requiredEmail(PRODUCT_REGISTRATION_LABELS.email),
    phone: optionalText
      .refine((value) => blank(value) || isUsPhone(value ?? ''), INVALID_PHONE)
      .transform((value) => (blank(value) ? undefined : value?.trim())),
    zip: requiredText(PRODUCT_REGISTRATION_LABELS.zip, 10).refine((value) => /^\d{5}$/.test(value), INVALID_ZIP),
    // A checkbox posts 'on' when ticked and nothing when not; the API sends a boolean.
    optInNotices: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
    captcha: captchaValue,
  });
}

/** The browser's form schema (today is the browser's local date). */
export const productRegistrationSchema = createProductRegistrationSchema();

export type ProductRegistrationValues = z.output<typeof productRegistrationSchema>;
