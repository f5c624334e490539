import { assign, emit, setup } from 'xstate';
import { fieldErrorsOf, withoutFieldError } from '../shared/field-errors';
import { notProvided } from '../shared/not-provided';
import type { FormSubmitContext, FormSubmitEmitted, FormSubmitEvent, FormSubmitInput, SubmittedValues } from './form-submit.types';

/** The notice of a failure the server explains with no message of its own. */
const FAILURE_TEXT = 'Something went wrong. Please try again.';

/**
 * One captcha-protected form's submission (catalogue-and-content.md sections 4, 5, 7 and 8):
 * newsletter sign-up, stock alert, image request and product registration use it as it is; the
 * dealer registration (machines/dealer-registration) provides its rules as `formIsValid` and
 * `showErrors`, and its own failure text.
 *
 * idle --form.submit [formIsValid]--> submitting --done--> succeeded (success notice; the view resets)
 *      --form.submit [else]--> idle (showErrors)  --error--> failed (error notice with the server's
 *                                                          message, its field errors under the fields)
 * succeeded / failed --form.submit--> as from idle; --form.edit--> idle
 *
 * Every answer, success or refusal, starts a new captcha round (issue 19 item 6): the server
 * has spent the solution, so the view shows the captcha unverified again and the next submit
 * without a new one fails the form's own captcha check. An edit clears that field's error,
 * whatever the state (a request keeps running).
 *
 * The form's own rules: the small forms check their values in the view before they submit, so by
 * default every submit passes; a form whose rules run here (the dealer registration) provides
 * `formIsValid` and `showErrors`, and nothing is sent while a field (or the captcha) is wrong.
 *
 * Only one request runs at a time: a submit while submitting is ignored. The values (and the
 * captcha value in them) are handed to the `send` actor and not kept.
 */
export const formSubmitMachine = setup({
  types: {
    context: {} as FormSubmitContext & { successText: string | null },
    events: {} as FormSubmitEvent,
    emitted: {} as FormSubmitEmitted,
    input: {} as FormSubmitInput,
  },
  actors: {
    /** Sends the values; resolves with the notice to show (the server's message or the form's own). */
    send: notProvided<string | null, SubmittedValues>('send'),
  },
  guards: {
    /** The form's own rules pass (provided by a form whose rules run here; the small forms check theirs first). */
    formIsValid: () => true,
  },
  actions: {
    countSuccess: assign({ successes: ({ context }) => context.successes + 1 }),
    nextCaptchaRound: assign({ captchaRound: ({ context }) => context.captchaRound + 1 }),
    clearErrors: assign({ errors: () => ({}) }),
    clearFieldError: assign({
      errors: ({ context, event }) => (event.type === 'form.edit' ? withoutFieldError(context.errors, event.field) : context.errors),
    }),
    countRejectedSubmit: assign({ rejectedSubmits: ({ context }) => context.rejectedSubmits + 1 }),
    /** The errors of the form's own rules under their fields (provided with `formIsValid`). */
    showErrors: () => {},
    serverFieldErrors: assign({ errors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'success' as const, text: params.text })),
    /** The failure as an error notice: the server's message, else the forms' generic text (a form may provide its own). */
    notifyError: notifyFailure(FAILURE_TEXT),
    resetForm: emit({ type: 'form.reset' as const }),
  },
}).createMachine({
  id: 'formSubmit',
  context: ({ input }) => ({ successes: 0, captchaRound: 0, errors: {}, rejectedSubmits: 0, successText: input.successText ?? null }),
  initial: 'idle',
  // Editing clears that field's error, whatever the state (a request keeps running).
  on: { 'form.edit': { actions: 'clearFieldError' } },
  states: {
    idle: {
      on: {
        'form.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { actions: ['countRejectedSubmit', 'showErrors'] },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }) => (event.type === 'form.submit' ? event.values : {}),
        onDone: {
          target: 'succeeded',
          actions: [
            'countSuccess',
            'nextCaptchaRound',
            { type: 'notifySuccess', params: ({ context, event }) => ({ text: context.successText ?? event.output ?? 'Thank you' }) },
            'resetForm',
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            'nextCaptchaRound',
            { type: 'serverFieldErrors', params: ({ event }) => ({ error: event.error }) },
            { type: 'notifyError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    succeeded: {
      on: {
        'form.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'idle', actions: ['countRejectedSubmit', 'showErrors'] },
        ],
        'form.edit': { target: 'idle', actions: 'clearFieldError' },
      },
    },
    failed: {
      on: {
        'form.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'idle', actions: ['countRejectedSubmit', 'showErrors'] },
        ],
        'form.edit': { target: 'idle', actions: 'clearFieldError' },
      },
    },
  },
});

/** The server's message (the API client puts it into the error), else `fallback`. */
function messageOf(error: unknown, fallback: string): string {
  const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/**
 * The `notifyError` action: the failure as an error notice, the server's message or else
 * `fallback` (the dealer registration provides one with its own text).
 */
export function notifyFailure(fallback: string) {
  return emit<FormSubmitContext & { successText: string | null }, FormSubmitEvent, { error: unknown }, FormSubmitEvent, FormSubmitEmitted>(
    (_, params) => ({ type: 'notification.show', kind: 'error', text: messageOf(params.error, fallback) }),
  );
}
