import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from './email';
import { invalidEmailMessage, requiredMessage } from './form-messages';
import { isUsPhone } from './phone';

/**
 * The identity provider's account forms (decision 031: one set of form rules): sign in,
 * registration (prompt=create) and password change (kc_action=UPDATE_PASSWORD). The pages are
 * server-rendered (server/src/identity/pages.ts) and checked by server/src/identity/interactions.ts
 * with these schemas; the values' types are the schemas' outputs, never typed by hand.
 *
 * As the checkout forms, each form is two schemas: its fields (`*Fields`: text trimmed and '' when
 * missing, passwords as typed and '' when missing, so it never fails on a form's own values) and
 * the form (`*Schema`: the fields plus every rule in one refinement, so every wrong field is
 * reported at once, one message per field). The messages are the generic rules' words
 * (form-messages.ts) where they say the same; the email rule is the one rule (email.ts) with the
 * contract's length bound, since these forms do not pass through the contract; the phone rule is
 * the one phone rule (phone.ts).
 *
 * Whether the current password is right is the server's check against the account, not a form
 * rule.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_NAME_LENGTH = 100;

export const CONFIRM_PASSWORD = 'Please confirm your password';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const maxLengthMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;
export const invalidPhoneMessage = (field: string) => `${field} must be a valid phone number`;
export const shortPasswordMessage = (min: number = MIN_PASSWORD_LENGTH) => `Password must be at least ${min} characters`;

/** A text field: trimmed; '' when missing. */
const text = z.string().trim().default('');
/** A password: as typed; '' when missing. */
const password = z.string().default('');

type Fail = (field: string, message: string) => void;

/** Reports a wrong field; each rule below gives a field one message at most. */
const failer =
  (ctx: z.RefinementCtx): Fail =>
  (field, message) =>
    ctx.addIssue({ code: 'custom', path: [field], message });

/** A new password (registration's `password`, the password change's `newPassword`) and its confirmation. */
function newPasswordRules(fail: Fail, field: 'password' | 'newPassword', value: string, confirm: string) {
  if (value === '') fail(field, requiredMessage('Password'));
  else if (value.length < MIN_PASSWORD_LENGTH) fail(field, shortPasswordMessage());
  else if (value.length > MAX_PASSWORD_LENGTH) fail(field, maxLengthMessage('Password', MAX_PASSWORD_LENGTH));
  if (confirm === '') fail('confirmPassword', CONFIRM_PASSWORD);
  else if (value !== '' && confirm !== value) fail('confirmPassword', PASSWORDS_DO_NOT_MATCH);
}

/** Sign in: email and password, both required (the account decides whether they are right). */
export const signInFields = z.object({ email: text, password });

export type SignInValues = z.output<typeof signInFields>;

export const signInSchema = signInFields.superRefine((values, ctx) => {
  const fail = failer(ctx);
  if (values.email === '') fail('email', requiredMessage('Email'));
  if (values.password === '') fail('password', requiredMessage('Password'));
});

/** Registration: names, email, optional phone, password twice. */
export const accountRegistrationFields = z.object({
  firstName: text,
  lastName: text,
  email: text,
  phone: text,
  password,
  confirmPassword: password,
});

export type AccountRegistrationValues = z.output<typeof accountRegistrationFields>;

export const accountRegistrationSchema = accountRegistrationFields.superRefine((values, ctx) => {
  const fail = failer(ctx);
  const name = (field: 'firstName' | 'lastName', label: string) => {
    if (values[field] === '') fail(field, requiredMessage(label));
    else if (values[field].length > MAX_NAME_LENGTH) fail(field, maxLengthMessage(label, MAX_NAME_LENGTH));
  };
  name('firstName', 'First name');
  name('lastName', 'Last name');
  if (values.email === '') fail('email', requiredMessage('Email'));
  else if (!isEmail(values.email) || values.email.length > EMAIL_MAX_LENGTH) fail('email', invalidEmailMessage('Email'));
  if (values.phone !== '' && !isUsPhone(values.phone)) fail('phone', invalidPhoneMessage('Phone'));
  newPasswordRules(fail, 'password', values.password, values.confirmPassword);
});

/** Password change: the current password (asked unless the customer just signed in), the new one twice. */
export const passwordChangeFields = z.object({ currentPassword: password, newPassword: password, confirmPassword: password });

export type PasswordChangeValues = z.output<typeof passwordChangeFields>;

export function passwordChangeSchema(options: { askCurrent: boolean }) {
  return passwordChangeFields.superRefine((values, ctx) => {
    const fail = failer(ctx);
    if (options.askCurrent && values.currentPassword === '') fail('currentPassword', requiredMessage('Current password'));
    newPasswordRules(fail, 'newPassword', values.newPassword, values.confirmPassword);
  });
}
