import { CAPTCHA_REQUIRED } from '../../src/domain/form-messages';

/** Field name -> the message shown under it ('Required', 'Please complete the reCAPTCHA', ...). */
export type FieldErrors = Record<string, string>;

/** The form field that holds the captcha's value (every captcha-protected form calls it so). */
export const CAPTCHA_FIELD = 'captcha';

/**
 * The server's field errors of a refusal (Problem.errors[] of a 400/409/415, carried by the API
 * error's `body`) by field, so they show under the fields as the browser's own do; anything
 * malformed is skipped. A refusal of the captcha that names no field (the contract's check of a
 * missing value) is the captcha field's error too: the shopper sees it under the captcha.
 */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const body = error !== null && typeof error === 'object' ? (error as { body?: unknown }).body : undefined;
  const list = body !== null && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const errors: FieldErrors = {};
  if (Array.isArray(list)) {
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object') continue;
      const { field, message } = entry as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && field && typeof message === 'string' && message) errors[field] ??= message;
    }
  }
  if (Object.keys(errors).length === 0 && messageOfBody(body) === CAPTCHA_REQUIRED) errors[CAPTCHA_FIELD] = CAPTCHA_REQUIRED;
  return errors;
}

function messageOfBody(body: unknown): unknown {
  return body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
}

/** The errors without the one of `field` (the shopper edited it); the same object when it had none. */
export function withoutFieldError(errors: FieldErrors, field: string | undefined): FieldErrors {
  if (!field || !(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}
