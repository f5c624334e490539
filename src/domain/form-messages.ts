import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail } from './email';

/**
 * The generic form rules of catalogue-and-content.md section 5: a required field that is null or
 * empty fails with '{field} is required'; an email field fails with '{field} must be a valid
 * email address' (non-space text, @, text, dot, text). The captcha's message is section 5's.
 * (Conform hands an empty field over as undefined, hence the `error` for a missing value.)
 */
export const CAPTCHA_REQUIRED = 'Please complete the reCAPTCHA';

export const requiredMessage = (field: string) => `${field} is required`;
export const invalidEmailMessage = (field: string) => `${field} must be a valid email address`;

/** A required text field with the generic message; surrounding spaces do not count. */
export function requiredText(field: string, max = 200) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { message: requiredMessage(field), abort: true })
    .max(max, `${field} must be at most ${max} characters`);
}

/** A required email field with the generic messages. */
export function requiredEmail(field: string) {
  return z
    .string({ error: requiredMessage(field) })
    .trim()
    .min(1, { message: requiredMessage(field), abort: true })
    .max(EMAIL_MAX_LENGTH, invalidEmailMessage(field))
    .refine(isEmail, invalidEmailMessage(field));
}

/** The captcha value: any solved value; missing is section 5's message. */
export const captchaValue = z.string({ error: CAPTCHA_REQUIRED }).min(1, CAPTCHA_REQUIRED);

/** Newsletter sign-up (footer, limited edition): email and captcha; the name comes from the profile. */
export const newsletterSignupSchema = z.object({
  email: requiredEmail('Email'),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  captcha: captchaValue,
});

/** Stock alert (Notify Me): email, productId, productName, captcha. */
export const stockAlertSchema = z.object({
  email: requiredEmail('Email'),
  productId: requiredText('Product', 64),
  productName: requiredText('Product name'),
  captcha: captchaValue,
});

/** Image request (media library): firstName, lastName, email, lookingFor, captcha. */
export const imageRequestSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: requiredEmail('Email'),
  lookingFor: requiredText('Looking for', 1000),
  captcha: captchaValue,
});
