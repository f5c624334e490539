/** A missing or wrong captcha, on every captcha-protected form (catalogue spec section 5). */
export const CAPTCHA_MESSAGE = 'Please complete the reCAPTCHA';
