import { assign, emit, setup } from 'xstate';
import { dealerRegistrationErrors } from '../../src/domain/dealer-registration';
import { fieldErrorsOf, withoutFieldError } from '../shared/field-errors';
import { notProvided } from '../shared/not-provided';
import {
  REGISTRATION_FAILED_TEXT,
  type DealerRegistrationValues,
  type RegistrationContext,
  type RegistrationEmitted,
  type RegistrationEvent,
} from './dealer-registration.types';

/**
 * Dealer registration (catalogue-and-content.md sections 4, 5, 7 and 8).
 *
 * editing --submit [form passes the rules]--> submitting --done--> succeeded (server's message
 *                                                                     as a success notice; reset)
 *         --submit [form has errors]--> editing (errors shown)  --error--> failed (error notice
 *                                                                     with the API error's message)
 * succeeded / failed --submit--> as from editing; --edit--> editing
 *
 * The rules run here, so nothing is sent while a field (or the captcha) is wrong. One request at
 * a time: a submit while submitting is ignored. A field's error clears when it is edited. Every
 * answer starts a new captcha round (the server has spent the solution): the view resets the
 * captcha, so a refused registration (a duplicate email under the email field) is sent again only
 * with a new one.
 */
export const dealerRegistrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    emitted: {} as RegistrationEmitted,
  },
  actors: {
    /** Sends the registration; resolves with the server's message. */
    register: notProvided<string, DealerRegistrationValues>('register'),
  },
  guards: {
    formIsValid: ({ event }) => event.type === 'registration.submit' && Object.keys(dealerRegistrationErrors(event.values)).length === 0,
  },
  actions: {
    showErrors: assign(({ context, event }) => ({
      errors: event.type === 'registration.submit' ? dealerRegistrationErrors(event.values) : context.errors,
      rejectedSubmits: context.rejectedSubmits + 1,
    })),
    clearErrors: assign({ errors: () => ({}) }),
    clearFieldError: assign({
      errors: ({ context, event }) => (event.type === 'registration.edit' ? withoutFieldError(context.errors, event.field) : context.errors),
    }),
    countSuccess: assign({ successes: ({ context }) => context.successes + 1 }),
    nextCaptchaRound: assign({ captchaRound: ({ context }) => context.captchaRound + 1 }),
    serverFieldErrors: assign({ errors: (_, params: { error: unknown }) => fieldErrorsOf(params.error) }),
    notifySuccess: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'success' as const, text: params.text })),
    notifyError: emit((_, params: { text: string }) => ({ type: 'notification.show' as const, kind: 'error' as const, text: params.text })),
    resetForm: emit({ type: 'registration.reset' as const }),
  },
}).createMachine({
  id: 'dealerRegistration',
  context: { errors: {}, rejectedSubmits: 0, successes: 0, captchaRound: 0 },
  initial: 'editing',
  on: {
    'registration.edit': { target: '.editing', actions: 'clearFieldError' },
  },
  states: {
    editing: {
      on: {
        'registration.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      // Editing while the request runs keeps it running; only the error under the field clears.
      on: { 'registration.edit': { actions: 'clearFieldError' } },
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => (event as Extract<RegistrationEvent, { type: 'registration.submit' }>).values,
        onDone: {
          target: 'succeeded',
          actions: ['countSuccess', 'nextCaptchaRound', { type: 'notifySuccess', params: ({ event }) => ({ text: event.output }) }, 'resetForm'],
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
      on: {
        'registration.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    failed: {
      on: {
        'registration.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'clearErrors' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
  },
});

/** The API error's message (the client puts the server's message there), else a generic one. */
export function messageOf(error: unknown): string {
  const message = error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : REGISTRATION_FAILED_TEXT;
}

/** The server's field errors by field (Problem.errors[]; a bare captcha refusal is the captcha's). */
export { fieldErrorsOf };
