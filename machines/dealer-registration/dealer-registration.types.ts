import type { DealerRegistrationValues } from '../../src/domain/dealer-registration';
import type { FieldErrors } from '../shared/field-errors';

/**
 * The dealer registration's submission (catalogue-and-content.md sections 3, 4, 5, 7 and 8).
 * The values are the form's, captcha included; the machine checks them with the spec's rules
 * (src/domain/dealer-registration.ts) and hands them to the `send` actor, never keeping them.
 * Its events, context and emitted events are the form-submit machine's
 * (machines/forms/form-submit.types.ts): `form.submit` with the values, `form.edit` of a field,
 * `form.reset` on success.
 */
export type { DealerRegistrationValues };

/** Field name -> the message shown under it ('Required', 'Website must be a valid URL', ...). */
export type { FieldErrors };

/** Section 8 leaves the failure text to the shared network error handler: the API error's message. */
export const REGISTRATION_FAILED_TEXT = 'Your registration could not be sent. Please try again.';
