import type { NotificationKind } from '../notification/notification.types';

/**
 * What a captcha-protected form sends (catalogue-and-content.md sections 3 and 5): the values the
 * view validated, the captcha value included. The machine never keeps them once sent.
 */
export type FormValues = Record<string, string>;

export type FormSubmitEvent =
  /** The form passed its own checks (schema with the spec's messages, captcha solved). */
  | { type: 'form.submit'; values: FormValues }
  /** The shopper edits the form again after a result. */
  | { type: 'form.edit' };

export type FormSubmitEmitted =
  | { type: 'notification.show'; kind: NotificationKind; text: string }
  /** Success: the view resets its fields and the captcha. */
  | { type: 'form.reset' };

export interface FormSubmitContext {
  /** Submissions that succeeded since the machine started (the view keys its reset on it). */
  successes: number;
}

export interface FormSubmitInput {
  /** The notice on success (e.g. 'You have been subscribed to the newsletter'). */
  successText?: string;
}
