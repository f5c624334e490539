/**
 * The one email rule of every form, browser and server: the generic form rule of shop-core.md
 * and catalogue-and-content.md section 5, "non-space text, @, text, dot, text". Each form keeps
 * its own message for it (the checkout forms' 'Must be a valid email address', the generic
 * '{field} must be a valid email address'); the rule is this one.
 *
 * Length is not part of the rule: the contract's Email schema (openapi/shop.yaml, maxLength 254,
 * the SMTP limit) bounds it, and the server checks that as a contract concern
 * (EMAIL_MAX_LENGTH), for the few inputs that do not pass through the contract (the identity
 * provider's registration form).
 */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** The contract's Email maxLength (openapi/shop.yaml components.schemas.Email). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether a value, already trimmed by its form, is an email address by the generic rule. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
