import type { z } from 'zod';
import type { FieldError } from './problem';

/**
 * The browser's form rules checking a request body (issue 17: one set of form rules for browser
 * and server). A form in src/domain is two schemas: its fields (`*Fields`, types only) and the form
 * (`*Schema`, the fields plus every rule). The body's values are mapped onto the form's fields,
 * parsed with the form, and each issue is named by the body's field again. Routes run this before
 * the contract's schema check (a preValidation hook), so the answer carries the form's messages,
 * every wrong field at once: 'Errors in the Billing Form: zip: Zip code must be at least 5 digits'.
 */

type Values = Record<string, unknown>;

export interface BodyForm {
  /** The form's fields (src/domain `*Fields`). */
  fields: { shape: Readonly<Record<string, z.ZodType>> };
  /** The form: its fields plus every rule (src/domain `*Schema`). */
  schema: z.ZodType;
  /** Body field -> the form fields it carries; every other form field has the body field's name. */
  renames?: Readonly<Record<string, readonly string[]>>;
  /**
   * Form field -> whether a body value has the body's type, for a field whose form schema takes
   * anything (a select coercing its value). By default the form field's own schema decides.
   */
  bodyTypes?: Readonly<Record<string, (value: unknown) => boolean>>;
}

interface Mapped {
  values: Values;
  /** Form field -> body field, for naming issues. */
  bodyField: Map<string, string>;
  /** Body fields whose value has the wrong type. */
  wrongType: Set<string>;
}

/**
 * The form's values from a body block. A value of the wrong type (a number for a zip) is left out
 * and its issues dropped: the contract's schema check answers it in its own words, as before.
 */
function toFormValues(block: Values, form: BodyForm): Mapped {
  const { shape } = form.fields;
  const values: Values = {};
  const bodyField = new Map<string, string>();
  const wrongType = new Set<string>();
  for (const name of Object.keys(shape)) bodyField.set(name, name);
  for (const [from, to] of Object.entries(form.renames ?? {})) to.forEach((name) => bodyField.set(name, from));
  for (const [formName, from] of bodyField) {
    const value = block[from];
    if (value === undefined || value === null) continue;
    const hasType = form.bodyTypes?.[formName] ?? ((v: unknown) => shape[formName].safeParse(v).success);
    if (hasType(value)) values[formName] = value;
    else wrongType.add(from);
  }
  return { values, bodyField, wrongType };
}

/**
 * The form's errors in a body block, each named by the body's field (`prefix.field`, or `field`
 * for a form that is the whole body). Empty when the block passes or is not an object.
 */
export function formErrors(block: unknown, form: BodyForm, prefix?: string): FieldError[] {
  if (typeof block !== 'object' || block === null || Array.isArray(block)) return [];
  const { values, bodyField, wrongType } = toFormValues(block as Values, form);
  const result = form.schema.safeParse(values);
  if (result.success) return [];
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const from = bodyField.get(String(issue.path[0])) ?? String(issue.path[0]);
    if (wrongType.has(from)) continue;
    const field = prefix ? `${prefix}.${from}` : from;
    // Both halves of a joined name report the same problem once.
    if (!errors.some((e) => e.field === field && e.message === issue.message)) errors.push({ field, message: issue.message });
  }
  return errors;
}

/** One form's errors as one sentence naming each field: 'Errors in the Billing Form: zip: Required; city: Required'. */
export function formSentence(title: string, errors: readonly FieldError[]): string {
  return `${title}: ${errors.map((e) => `${e.field.split('.').pop()}: ${e.message}`).join('; ')}`;
}
