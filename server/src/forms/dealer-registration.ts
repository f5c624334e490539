import {
  DOCUMENT_FIELDS,
  SWITCHES,
  dealerRegistrationDefaults,
  dealerRegistrationFields,
  dealerRegistrationSchema,
  labelOf,
  registeredValues,
  switchMessage,
  type RegistrationInput,
  type DocumentField,
  type Switch,
} from '../../../src/domain/dealer-registration';
import { COMMON_PASSWORD, isCommonPassword } from '../../../src/domain/account-registration';
import type { FieldError } from '../problem';
import type { DocumentKind, MultipartForm, UploadedFile } from './multipart';

/**
 * The dealer registration (catalogue spec sections 3, 5 and 7) on a multipart body: the form's
 * own schema (src/domain/dealer-registration.ts, the one the browser's form uses) decides every
 * rule and message. What is left here is the transport: a field sent twice, cut at the size
 * limit, a file where text belongs (or the reverse), an unknown field, a document over the upload
 * limit (413) or whose content is neither a PDF nor a TIFF (415, when it is the whole story), and
 * the API's defaults for switches left out (section 3). Every problem is reported, in the form's
 * order.
 */

export { DOCUMENT_FIELDS, labelOf };
export type { DocumentField };

export type StoredDocument = UploadedFile & { kind: DocumentKind };

export interface DealerApplication {
  /** What is registered, as text (switches 'true'/'false'), without the passwords and empty values. */
  values: Record<string, string>;
  password: string;
  documents: Partial<Record<DocumentField, StoredDocument>>;
}

export type DealerFormResult =
  | { ok: true; application: DealerApplication }
  | { ok: false; status: 400 | 413 | 415; errors: FieldError[] };

const FIELDS = new Set(Object.keys(dealerRegistrationFields.shape));
const isDocumentField = (name: string): name is DocumentField => (DOCUMENT_FIELDS as readonly string[]).includes(name);
const isSwitch = (name: string): name is Switch => (SWITCHES as readonly string[]).includes(name);
const SWITCH_TEXT = new Map([['true', true], ['false', false]]);

export function checkDealerRegistration(form: MultipartForm, uploadLimitBytes: number): DealerFormResult {
  const errors = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!errors.has(field)) errors.set(field, message);
  };

  // The form's values as the schema reads them: text as sent, switches as booleans (the API's
  // defaults when left out or not 'true'/'false'), documents by their content.
  const input: Record<string, unknown> = {};
  for (const [name, sent] of form.fields) {
    if (!FIELDS.has(name)) add(name, `${name} is not a field of this form`);
    else if (isDocumentField(name)) add(name, `${labelOf(name)} must be a file`);
    else if (sent.length > 1) add(name, `${labelOf(name)} was sent more than once`);
    else if (form.truncated.has(name)) add(name, `${labelOf(name)} is too long`);
    else if (!isSwitch(name)) input[name] = sent[0];
    else if (SWITCH_TEXT.has(sent[0].trim())) input[name] = SWITCH_TEXT.get(sent[0].trim());
    else add(name, switchMessage(name));
  }
  for (const name of SWITCHES) input[name] ??= dealerRegistrationDefaults[name];
  const documents: Partial<Record<DocumentField, UploadedFile>> = {};
  for (const file of form.files) {
    if (!isDocumentField(file.field)) add(file.field, FIELDS.has(file.field) ? `${labelOf(file.field)} must be text, not a file` : `${file.field} is not a field of this form`);
    else if (documents[file.field]) add(file.field, `${labelOf(file.field)} was sent more than once`);
    else {
      documents[file.field] = file;
      input[file.field] = { name: file.clientName, type: '', size: file.size, kind: file.kind ?? null };
    }
  }

  const parsed = dealerRegistrationSchema.safeParse(input as RegistrationInput);
  if (!parsed.success) for (const issue of parsed.error.issues) add(String(issue.path[0]), issue.message);
  // The rest of the account password policy: the common-password list, kept out of the browser's
  // bundle (src/domain/password-policy.ts; issue 39 item 3).
  if (typeof input.password === 'string' && input.password && !errors.has('password') && isCommonPassword(input.password)) {
    add('password', COMMON_PASSWORD);
  }
  const registered = parsed.success ? registeredValues(parsed.data) : undefined;

  // Documents that are registered (with hasFflSot): over the limit (413) or not a PDF/TIFF by content (415).
  let status: 400 | 413 | 415 = 400;
  for (const field of DOCUMENT_FIELDS) {
    const file = documents[field];
    if (!file || input.hasFflSot !== true) continue;
    if (file.tooLarge) {
      errors.set(field, `${labelOf(field)} must be at most ${formatBytes(uploadLimitBytes)}`);
      status = 413;
    } else if (!file.kind && status === 400) status = 415;
  }

  if (errors.size || !registered) {
    const order = [...FIELDS];
    const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
    const list = [...errors].map(([field, message]) => ({ field, message })).sort((a, b) => rank(a.field) - rank(b.field));
    // A wrong document is 413/415 only when it is the whole story; with field errors too it is 400.
    const onlyDocuments = list.every((e) => isDocumentField(e.field));
    return { ok: false, status: onlyDocuments ? status : 400, errors: list };
  }

  const { password, confirmPassword: _confirm, fflDocument: _ffl, sotDocument: _sot, ...kept } = registered;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(kept)) {
    if (typeof value === 'boolean') values[name] = String(value);
    else if (typeof value === 'string' && value !== '') values[name] = value;
  }
  const stored: Partial<Record<DocumentField, StoredDocument>> = {};
  for (const field of DOCUMENT_FIELDS) {
    const file = documents[field];
    if (file?.kind && registered[field]) stored[field] = file as StoredDocument;
  }
  return { ok: true, application: { values, password, documents: stored } };
}

/** The Problem message: every failing field by its label, e.g. 'Company: Required; ...'. */
export function describeFieldErrors(errors: FieldError[]): string {
  return errors.map((e) => (e.message.startsWith(labelOf(e.field)) ? e.message : `${labelOf(e.field)}: ${e.message}`)).join('; ');
}

function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
