import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FieldError } from '../problem';
import type { DocumentKind, MultipartForm, UploadedFile } from './multipart';

/**
 * The dealer registration rules (catalogue spec section 5) applied to a multipart form. The
 * structure (required fields, conditional blocks, patterns, lengths, codes) is the contract's
 * DealerRegistration schema; this file adds what a schema cannot say: the spec's message per
 * field, the defaults and copies of the address blocks, the password confirmation and the
 * document checks. Every problem is reported, in the form's order.
 */

export const REQUIRED = 'Required';
export const PASSWORDS_MUST_MATCH = 'Password values must match';
const FORMAT_MESSAGES: Record<string, string> = {
  website: 'Website must be a valid URL',
  phone: 'Phone must be a valid phone number',
  email: 'Email must be a valid email address',
};

const ADDRESS = ['streetAddress', 'city', 'state', 'postalCode', 'country'] as const;
const prefixed = (prefix: string) => ADDRESS.map((f) => `${prefix}${f[0].toUpperCase()}${f.slice(1)}`);
const BILLING = prefixed('billing');
const LOCATOR = prefixed('locator');
const FLAGS = ['useForBillingAddress', 'appearInDealerLocator', 'useThisAddressInDealerLocator', 'hasFflSot'] as const;
export const DOCUMENT_FIELDS = ['fflDocument', 'sotDocument'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** The form's fields in screen order, with the words the visitor sees. */
const LABELS: Record<string, string> = {
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
};
const ORDER = Object.keys(LABELS);
export const labelOf = (field: string) => LABELS[field] ?? field;

/** Spec defaults (section 3): billing and locator use the shipping address; no FFL/SOT. */
const DEFAULTS: Record<(typeof FLAGS)[number], 'true' | 'false'> = {
  useForBillingAddress: 'true',
  appearInDealerLocator: 'true',
  useThisAddressInDealerLocator: 'true',
  hasFflSot: 'false',
};

export type StoredDocument = UploadedFile & { kind: DocumentKind };

export interface DealerApplication {
  /** Every text field after defaults and copies, without the passwords. */
  values: Record<string, string>;
  password: string;
  documents: Partial<Record<DocumentField, StoredDocument>>;
}

export type DealerFormResult =
  | { ok: true; application: DealerApplication }
  | { ok: false; status: 400 | 413 | 415; errors: FieldError[] };

export function checkDealerRegistration(
  form: MultipartForm,
  validateSchema: ValidateFunction,
  uploadLimitBytes: number,
): DealerFormResult {
  const errors = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!errors.has(field)) errors.set(field, message);
  };
  const isDocumentField = (name: string): name is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(name);

  // Text values: trimmed (passwords as typed); an empty value is an absent one (spec section 7).
  const values: Record<string, string> = {};
  for (const [name, sent] of form.fields) {
    if (isDocumentField(name)) add(name, `${labelOf(name)} must be a file`);
    else if (sent.length > 1) add(name, `${labelOf(name)} was sent more than once`);
    else if (form.truncated.has(name)) add(name, `${labelOf(name)} is too long`);
    const value = name === 'password' || name === 'confirmPassword' ? sent[0] : sent[0].trim();
    if (value !== '' && !isDocumentField(name)) values[name] = value;
  }
  const documents: Partial<Record<DocumentField, UploadedFile>> = {};
  for (const file of form.files) {
    if (!isDocumentField(file.field)) add(file.field, LABELS[file.field] ? `${labelOf(file.field)} must be text, not a file` : `${file.field} is not a field of this form`);
    else if (documents[file.field]) add(file.field, `${labelOf(file.field)} was sent more than once`);
    else documents[file.field] = file;
  }

  // Defaults and copies (spec sections 3 and 5): a block that uses the shipping address gets
  // the shipping values, whatever was sent for it; a block that is off is ignored.
  for (const flag of FLAGS) values[flag] ??= DEFAULTS[flag];
  const copied = new Set<string>();
  const copyShipping = (target: string[]) =>
    target.forEach((field, i) => {
      delete values[field];
      const source = values[ADDRESS[i]];
      if (source !== undefined) values[field] = source;
      copied.add(field);
    });
  if (values.useForBillingAddress === 'true') copyShipping(BILLING);
  if (values.appearInDealerLocator === 'false') LOCATOR.forEach((field) => delete values[field]);
  else if (values.useThisAddressInDealerLocator === 'true') copyShipping(LOCATOR);
  if (values.hasFflSot !== 'true') {
    delete values.fflNumber;
    delete values.sotEin;
    for (const field of DOCUMENT_FIELDS) delete documents[field];
  }

  // The contract's schema; files stand in as a marker string.
  const candidate: Record<string, string> = { ...values };
  for (const field of DOCUMENT_FIELDS) if (documents[field]) candidate[field] = 'file';
  if (!validateSchema(candidate)) {
    for (const e of validateSchema.errors ?? []) {
      const field = errorField(e);
      // A copied block's problem is the shipping field's, reported there.
      if (field && !copied.has(field)) add(field, fieldMessage(field, e));
    }
  }
  if (values.password !== undefined && values.confirmPassword !== undefined && values.password !== values.confirmPassword) {
    add('confirmPassword', PASSWORDS_MUST_MATCH);
  }

  // Documents: checked by size and by content (magic bytes), never by name or declared type.
  let status: 400 | 413 | 415 = 400;
  for (const field of DOCUMENT_FIELDS) {
    const file = documents[field];
    if (!file) continue;
    if (file.tooLarge) {
      add(field, `${labelOf(field)} must be at most ${formatBytes(uploadLimitBytes)}`);
      status = 413;
    } else if (!file.kind) {
      add(field, `${labelOf(field)} must be a PDF or TIFF file`);
      if (status === 400) status = 415;
    }
  }

  if (errors.size) {
    const rank = (field: string) => (ORDER.includes(field) ? ORDER.indexOf(field) : ORDER.length);
    const list = [...errors].map(([field, message]) => ({ field, message })).sort((a, b) => rank(a.field) - rank(b.field));
    // A wrong document is 413/415 only when it is the whole story; with field errors too it is 400.
    const onlyDocuments = list.every((e) => isDocumentField(e.field));
    return { ok: false, status: onlyDocuments ? status : 400, errors: list };
  }
  const { password, confirmPassword: _confirm, ...kept } = values;
  return {
    ok: true,
    application: { values: kept, password, documents: documents as Partial<Record<DocumentField, StoredDocument>> },
  };
}

/** The Problem message: every failing field by its label, e.g. 'Company: Required; ...'. */
export function describeFieldErrors(errors: FieldError[]): string {
  return errors.map((e) => (e.message.startsWith(labelOf(e.field)) ? e.message : `${labelOf(e.field)}: ${e.message}`)).join('; ');
}

function errorField(e: ErrorObject): string | undefined {
  if (e.keyword === 'if') return undefined;
  if (e.keyword === 'required') return String(e.params.missingProperty);
  if (e.keyword === 'additionalProperties') return String(e.params.additionalProperty);
  return e.instancePath.split('/')[1];
}

function fieldMessage(field: string, e: ErrorObject): string {
  const label = labelOf(field);
  if (e.keyword === 'required') return REQUIRED;
  if (e.keyword === 'additionalProperties') return `${field} is not a field of this form`;
  if (FORMAT_MESSAGES[field]) return FORMAT_MESSAGES[field];
  if (/state$/i.test(field)) return `${label} must be a US state code, e.g. TX`;
  if (/country$/i.test(field)) return `${label} must be United States`;
  if (/postalcode$/i.test(field)) return `${label} must be a valid zip code`;
  if ((FLAGS as readonly string[]).includes(field)) return `${label} must be true or false`;
  if (e.keyword === 'minLength') return `${label} must be at least ${String(e.params.limit)} characters`;
  if (e.keyword === 'maxLength') return `${label} must be at most ${String(e.params.limit)} characters`;
  return `${label} is not valid`;
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
