import type { NotificationKind } from '../notification/notification.types';
import type { FieldErrors } from '../shared/field-errors';

export type { FieldErrors };

/**
 * What a captcha-protected form sends (catalogue-and-content.md sections 3 and 5): the values the
 * view validated, the captcha value included. The machine never keeps them once sent.
 */
export type FormValues = Record<string, string>;

export type FormSubmitEvent =
  /** The form passed its own checks (schema with the spec's messages, captcha solved). */
  | { type: 'form.submit'; values: FormValues }
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
  /** The server's field errors of the last refusal, shown under their fields until edited. */
  errors: FieldErrors;
}

export interface FormSubmitInput {
  /** The notice on success (e.g. 'You have been subscribed to the newsletter'). */
  successText?: string;
}
