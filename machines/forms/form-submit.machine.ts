import { assign, emit, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import type { FormSubmitContext, FormSubmitEmitted, FormSubmitEvent, FormSubmitInput, FormValues } from './form-submit.types';

/**
 * One captcha-protected form's submission (catalogue-and-content.md sections 4, 5, 7 and 8):
 * newsletter sign-up, stock alert and image request share it.
 *
 * idle --form.submit--> submitting --done--> succeeded (success notice; the view resets)
 *                                  --error--> failed (error notice with the server's message)
 * succeeded / failed --form.submit--> submitting; --form.edit--> idle
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
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'error' as const, text: params.text })),
    resetForm: emit({ type: 'form.reset' as const }),
  },
}).createMachine({
  id: 'formSubmit',
  context: ({ input }) => ({ successes: 0, successText: input.successText ?? null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'form.submit': { target: 'submitting' } },
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
            { type: 'notifySuccess', params: ({ context, event }) => ({ text: context.successText ?? event.output ?? 'Thank you' }) },
            'resetForm',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyError', params: ({ event }) => ({ text: messageOf(event.error) }) },
        },
      },
    },
    succeeded: {
      on: { 'form.submit': { target: 'submitting' }, 'form.edit': { target: 'idle' } },
    },
    failed: {
      on: { 'form.submit': { target: 'submitting' }, 'form.edit': { target: 'idle' } },
    },
  },
});

/** The server's message (the API client puts it into the error), else a generic one. */
function messageOf(error: unknown): string {
  const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : 'Something went wrong. Please try again.';
}
