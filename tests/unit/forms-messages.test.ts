import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_REQUIRED,
  imageRequestSchema,
  newsletterSignupSchema,
  stockAlertSchema,
} from '../../src/domain/form-messages';

/** The generic rules of catalogue-and-content.md section 5, with the captcha's message. */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('captcha-protected form rules', () => {
  it('newsletter: email required and valid, captcha required', () => {
    expect(messages(newsletterSignupSchema.safeParse({}))).toEqual({ email: 'Email is required', captcha: CAPTCHA_REQUIRED });
    expect(messages(newsletterSignupSchema.safeParse({ email: '   ', captcha: '' }))).toEqual({
      email: 'Email is required',
      captcha: 'Please complete the reCAPTCHA',
    });
    for (const bad of ['a@b', 'no at.example', 'x y@z.io', '@example.com']) {
      expect(messages(newsletterSignupSchema.safeParse({ email: bad, captcha: 'x' }))).toEqual({ email: 'Email must be a valid email address' });
    }
    expect(newsletterSignupSchema.safeParse({ email: ' shopper@example.com ', captcha: 'x' })).toMatchObject({
      success: true,
      data: { email: 'shopper@example.com' },
    });
  });

  it('stock alert: email, product id and name, captcha', () => {
    expect(messages(stockAlertSchema.safeParse({}))).toEqual({
      email: 'Email is required',
      productId: 'Product is required',
      productName: 'Product name is required',
      captcha: CAPTCHA_REQUIRED,
    });
    expect(stockAlertSchema.safeParse({ email: 'a@b.co', productId: 'RK15C-300BLK-16-FDE', productName: 'RK-15 Carbine', captcha: 'x' }).success).toBe(true);
  });

  it('image request: every field required', () => {
    expect(messages(imageRequestSchema.safeParse({}))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      lookingFor: 'Looking for is required',
      captcha: CAPTCHA_REQUIRED,
    });
  });
});
