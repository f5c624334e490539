import type { DealerRegistrationValues } from '../../src/domain/dealer-registration';
import type { NotificationKind } from '../notification/notification.types';
import type { FieldErrors } from '../shared/field-errors';

/**
 * The dealer registration's submission (catalogue-and-content.md sections 3, 4, 5, 7 and 8).
 * The values are the form's, captcha included; the machine checks them with the spec's rules
 * (src/domain/dealer-registration.ts) and hands them to the `register` actor, never keeping them.
 */
export type { DealerRegistrationValues };

/** Field name -> the message shown under it ('Required', 'Website must be a valid URL', ...). */
export type { FieldErrors };

export type RegistrationEvent =
  /** Submit pressed: the values as the form holds them (text, switches, documents, captcha). */
  | { type: 'registration.submit'; values: DealerRegistrationValues }
  /** A field was edited: its error clears (section 5). */
  | { type: 'registration.edit'; field: string };

export type RegistrationEmitted =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  /** Success: the view puts every field, switch, document and the captcha back to its default. */
  | { type: 'registration.reset' };

export interface RegistrationContext {
  /** The errors shown under the fields: the browser's checks, or the server's field errors. */
  errors: FieldErrors;
  /** Submits refused by the browser's checks (the view moves focus to the first error on each). */
  rejectedSubmits: number;
  /** Registrations that succeeded (the view keys its reset on it). */
  successes: number;
  /**
   * Answers of the server, success or refusal (issue 19 item 6). The server spends the captcha on
   * any answer, so the view keys the captcha's reset on this: after a refusal the captcha shows
   * unverified and a submit without a new one is refused by the rules with the captcha's error.
   */
  captchaRound: number;
}

/** Section 8 leaves the failure text to the shared network error handler: the API error's message. */
export const REGISTRATION_FAILED_TEXT = 'Your registration could not be sent. Please try again.';
