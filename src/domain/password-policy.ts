/**
 * The shop's password policy without its list of common passwords (decision 033, issue 39):
 * 12 to 200 characters, not containing the email address. account-registration.ts adds the
 * common-password check (common-passwords.ts, 34 kB gzip) for the server-rendered identity pages;
 * the dealer registration form, which runs in the browser too, takes this part and the server
 * adds the list (server/src/forms/dealer-registration.ts), so the list never reaches a browser
 * (decision 073).
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;
export const COMMON_PASSWORD = 'This password is too common. Choose another.';
export const PASSWORD_CONTAINS_EMAIL = 'Password must not contain your email address';
/** The shortest part of an email address a password may not contain (shorter ones are too likely by chance). */
export const MIN_EMAIL_PART_LENGTH = 3;

export const maxLengthMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;
export const shortPasswordMessage = (min: number = MIN_PASSWORD_LENGTH) => `Password must be at least ${min} characters`;

/**
 * Whether a password contains the email address: the whole address, its local part, or the local
 * part before a `+` tag, case-insensitively, each when it has at least MIN_EMAIL_PART_LENGTH
 * characters. An address typed without `@` counts as a local part.
 */
export function containsEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (address === '') return false;
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const lower = password.toLowerCase();
  return [address, local, local.split('+')[0]].some((part) => part.length >= MIN_EMAIL_PART_LENGTH && lower.includes(part));
}

/** What is wrong with a new password typed (not empty) for `email` by length and address, or undefined. */
export function passwordShapeProblem(value: string, email = ''): string | undefined {
  if (value.length < MIN_PASSWORD_LENGTH) return shortPasswordMessage();
  if (value.length > MAX_PASSWORD_LENGTH) return maxLengthMessage('Password', MAX_PASSWORD_LENGTH);
  if (containsEmail(value, email)) return PASSWORD_CONTAINS_EMAIL;
  return undefined;
}
