import { assign } from 'xstate';
import { dealerRegistrationErrors } from '../../src/domain/dealer-registration';
import { formSubmitMachine, notifyFailure } from '../forms/form-submit.machine';
import type { FormSubmitEvent } from '../forms/form-submit.types';
import { fieldErrorsOf } from '../shared/field-errors';
import { REGISTRATION_FAILED_TEXT, type DealerRegistrationValues } from './dealer-registration.types';

/**
 * Dealer registration (catalogue-and-content.md sections 4, 5, 7 and 8): the captcha-protected
 * forms' submission machine (machines/forms/form-submit.machine.ts, whose file the Stately
 * visualizer draws) with the registration's own rule and failure text:
 *
 * - the rules of src/domain/dealer-registration.ts run in the machine (`formIsValid`), so nothing
 *   is sent while a field (or the captcha) is wrong; a refused submit shows their errors under the
 *   fields (`showErrors`) and counts as rejected (the view moves focus to the first error);
 * - a failure without a message says REGISTRATION_FAILED_TEXT.
 *
 * The rest is the form-submit machine's: one request at a time (a submit while submitting is
 * ignored); a field's error clears when it is edited, also while the request runs (which keeps
 * running); the server's message as a success notice and a reset; the server's field errors under
 * their fields (a duplicate email under the email field); every answer starts a new captcha round
 * (the server has spent the solution), so a refused registration is sent again only with a new one.
 */
export const dealerRegistrationMachine = formSubmitMachine.provide({
  guards: {
    formIsValid: ({ event }) => event.type === 'form.submit' && Object.keys(dealerRegistrationErrors(registrationOf(event))).length === 0,
  },
  actions: {
    showErrors: assign({
      errors: ({ context, event }) => (event.type === 'form.submit' ? dealerRegistrationErrors(registrationOf(event)) : context.errors),
    }),
    notifyError: notifyFailure(REGISTRATION_FAILED_TEXT),
  },
});

/** The values of a submit: the registration form's (its connect sends nothing else). */
function registrationOf(event: Extract<FormSubmitEvent, { type: 'form.submit' }>): DealerRegistrationValues {
  return event.values as DealerRegistrationValues;
}

/** The server's field errors by field (Problem.errors[]; a bare captcha refusal is the captcha's). */
export { fieldErrorsOf };
