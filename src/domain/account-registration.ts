import { z } from 'zod';
import { commonPasswords } from './common-passwords';
import { EMAIL_MAX_LENGTH, isEmail } from './email';
import { invalidEmailMessage, requiredMessage } from './form-messages';
import { isUsPhone } from './phone';
import { COMMON_PASSWORD, maxLengthMessage, passwordShapeProblem } from './password-policy';

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
 *
 * A new password (registration, reset, change; decision 033) has 12 to 200 characters, does not
 * contain the email address (the whole address, its local part, or the local part before a `+`,
 * each compared case-insensitively when it has at least 3 characters), and is not common
 * (common-passwords.ts, also when padded with digits or symbols or repeated; nor a short
 * pattern repeated or a run of digits). The rule applies when a password is set, never at
 * sign-in: older accounts keep theirs.
 */

export {
  COMMON_PASSWORD,
  MAX_PASSWORD_LENGTH,
  MIN_EMAIL_PART_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_CONTAINS_EMAIL,
  containsEmail,
  maxLengthMessage,
  shortPasswordMessage,
} from './password-policy';
export const MAX_NAME_LENGTH = 100;

export const CONFIRM_PASSWORD = 'Please confirm your password';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const invalidPhoneMessage = (field: string) => `${field} must be a valid phone number`;
/** The shortest common password looked for inside a padded one ("sunshine" in "1sunshine2024!"). */
const MIN_COMMON_CORE_LENGTH = 4;
/** The longest pattern that, repeated, makes a password common whatever it is ("xy12xy12xy12"). */
const MAX_REPEATED_PATTERN = 4;

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

/**
 * Whether a password is common: on the list (common-passwords.ts) as it is, or once the digits and
 * symbols around its letters are taken off ("Sunshine2024!" is "sunshine"), or a short pattern or
 * a common password repeated ("abcabcabcabc", "iloveyouiloveyou"), or a run of digits
 * ("123456789012", "987654321098"). Case does not count.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const unit = /^([\s\S]+?)\1+$/u.exec(lower)?.[1];
  if (unit !== undefined && (unit.length <= MAX_REPEATED_PATTERN || onCommonList(unit))) return true;
  return onCommonList(lower) || isDigitRun(lower);
}

function onCommonList(value: string): boolean {
  const list = commonPasswords();
  if (list.has(value)) return true;
  const core = /\p{L}(?:[\s\S]*\p{L})?/u.exec(value)?.[0] ?? '';
  return core.length >= MIN_COMMON_CORE_LENGTH && list.has(core);
}

/** Digits each one up or each one down from the last, 9 to 0 and 0 to 9 included. */
function isDigitRun(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  const steps = new Set([...value].slice(1).map((digit, i) => (Number(digit) - Number(value[i]) + 10) % 10));
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}


/**
 * What is wrong with a new password typed (not empty) for the address `email`, or undefined: the
 * shop's one password policy (password-policy.ts, then the common list), for every password a
 * person sets here (customer accounts, and the dealer registration, issue 39 item 3).
 */
export function newPasswordProblem(value: string, email = ''): string | undefined {
  return passwordShapeProblem(value, email) ?? (isCommonPassword(value) ? COMMON_PASSWORD : undefined);
}

/**
 * A new password (registration's `password`, the password change's and reset's `newPassword`) and
 * its confirmation; `email` is the account's address (typed, on registration).
 */
function newPasswordRules(fail: Fail, field: 'password' | 'newPassword', value: string, confirm: string, email = '') {
  const problem = value === '' ? requiredMessage('Password') : newPasswordProblem(value, email);
  if (problem) fail(field, problem);
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
  newPasswordRules(fail, 'password', values.password, values.confirmPassword, values.email);
});

/** Password change: the current password (asked unless the customer just signed in), the new one twice. */
export const passwordChangeFields = z.object({ currentPassword: password, newPassword: password, confirmPassword: password });

export type PasswordChangeValues = z.output<typeof passwordChangeFields>;

/** `email`: the account's address, which the new password may not contain. */
export function passwordChangeSchema(options: { askCurrent: boolean; email?: string }) {
  return passwordChangeFields.superRefine((values, ctx) => {
    const fail = failer(ctx);
    if (options.askCurrent && values.currentPassword === '') fail('currentPassword', requiredMessage('Current password'));
    newPasswordRules(fail, 'newPassword', values.newPassword, values.confirmPassword, options.email);
  });
}

/**
 * The email address a link is mailed to ("Forgot password?", resending the verification link):
 * required and an email address. Whether an account has it is never a form rule.
 */
export const accountEmailFields = z.object({ email: text });

export type AccountEmailValues = z.output<typeof accountEmailFields>;

export const accountEmailSchema = accountEmailFields.superRefine((values, ctx) => {
  const fail = failer(ctx);
  if (values.email === '') fail('email', requiredMessage('Email'));
  else if (!isEmail(values.email) || values.email.length > EMAIL_MAX_LENGTH) fail('email', invalidEmailMessage('Email'));
});

/** Password reset (the mailed link): the new password twice; `email` is the account's address. */
export const passwordResetFields = z.object({ newPassword: password, confirmPassword: password });

export type PasswordResetValues = z.output<typeof passwordResetFields>;

export function passwordResetSchema(options: { email: string }) {
  return passwordResetFields.superRefine((values, ctx) => {
    newPasswordRules(failer(ctx), 'newPassword', values.newPassword, values.confirmPassword, options.email);
  });
}
