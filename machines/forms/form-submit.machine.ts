import { assign, emit, setup } from 'xstate';
import { fieldErrorsOf, withoutFieldError } from '../shared/field-errors';
import { notProvided } from '../shared/not-provided';
import type { FormSubmitContext, FormSubmitEmitted, FormSubmitEvent, FormSubmitInput, FormValues } from './form-submit.types';

/**
 * One captcha-protected form's submission (catalogue-and-content.md sections 4, 5, 7 and 8):
 * newsletter sign-up, stock alert, image request and product registration share it.
 *
 * idle --form.submit--> submitting --done--> succeeded (success notice; the view resets)
 *                                  --error--> failed (error notice with the server's message,
 *                                             the server's field errors under their fields)
 * succeeded / failed --form.submit--> submitting; --form.edit--> idle
 *
 * Every answer, success or refusal, starts a new captcha round (issue 19 item 6): the server
 * has spent the solution, so the view shows the captcha unverified again and the next submit
 * without a new one fails the form's own captcha check. An edit clears that field's server error.
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
    send: notProvided<string | null, FormValues>('send'),
  },
  actions: {
    countSuccess: assign({ successes: ({ context }) => context.successes + 1 }),
    nextCaptchaRound: assign({ captchaRound: ({ context }) => context.captchaRound + 1 }),
    clearErrors: assign({ errors: () => ({}) }),
    clearFieldError: assign({
      errors: ({ context, event }) => (event.type === 'form.edit' ? withoutFieldError(context.errors, event.field) : context.errors),
    }),
    serverFieldErrors: assign({ errors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'error' as const, text: params.text })),
    resetForm: emit({ type: 'form.reset' as const }),
  },
}).createMachine({
  id: 'formSubmit',
  context: ({ input }) => ({ successes: 0, captchaRound: 0, errors: {}, successText: input.successText ?? null }),
  initial: 'idle',
  // Editing clears that field's server error, whatever the state (a request keeps running).
  on: { 'form.edit': { actions: 'clearFieldError' } },
  states: {
    idle: {
      on: { 'form.submit': { target: 'submitting', actions: 'clearErrors' } },
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
            { type: 'notifyError', params: ({ event }) => ({ text: messageOf(event.error) }) },
          ],
        },
      },
    },
    succeeded: {
      on: { 'form.submit': { target: 'submitting', actions: 'clearErrors' }, 'form.edit': { target: 'idle', actions: 'clearFieldError' } },
    },
    failed: {
      on: { 'form.submit': { target: 'submitting', actions: 'clearErrors' }, 'form.edit': { target: 'idle', actions: 'clearFieldError' } },
    },
  },
});

/** The server's message (the API client puts it into the error), else a generic one. */
function messageOf(error: unknown): string {
  const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : 'Something went wrong. Please try again.';
}
