import type { NotificationKind } from '../notification/notification.types';
import type { FieldErrors } from '../shared/field-errors';

export type { FieldErrors };

/**
 * What a small captcha-protected form sends (catalogue-and-content.md sections 3 and 5): the
 * values the view validated, the captcha value included, all text.
 */
export type FormValues = Record<string, string>;

/**
 * What a form hands the machine by field name, the captcha value included: text for the small
 * forms (FormValues), also switches and documents for the dealer registration. The machine never
 * keeps them once sent; the form's own rule (`formIsValid`) and its `send` actor read them.
 */
export type SubmittedValues = Record<string, unknown>;

export type FormSubmitEvent =
  /**
   * Submit: the small forms send only what passed their own checks (schema with the spec's
   * messages, captcha solved); a form with rules in the machine (`formIsValid`) sends it as it is.
   */
  | { type: 'form.submit'; values: SubmittedValues }
  /** The shopper edits the form (a field, or the captcha): that field's server error clears. */
  | { type: 'form.edit'; field?: string };

export type FormSubmitEmitted =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  /** Success: the view resets its fields and the captcha. */
  | { type: 'form.reset' };

export interface FormSubmitContext {
  /** Submissions that succeeded since the machine started (the view keys its reset on it). */
  successes: number;
  /**
   * Answers of the server, success or refusal. A captcha solution is good once, and the server
   * spends it on any answer: the view keys the captcha's reset on this, so after every answer
   * the captcha shows unverified and the form holds no captcha value until it is solved again.
   */
  captchaRound: number;
  /**
   * The errors under the fields until each is edited: the server's field errors of the last
   * refusal, or those of the form's own rules when they refused a submit.
   */
  errors: FieldErrors;
  /** Submits refused by the form's own rules (the view moves focus to the first error on each). */
  rejectedSubmits: number;
}

export interface FormSubmitInput {
  /**
   * The notice on success (e.g. 'You have been subscribed to the newsletter'); without it, the
   * server's message (the dealer registration's input is `{}`).
   */
  successText?: string;
}
