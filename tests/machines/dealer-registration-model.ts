import { dealerRegistrationMachine } from '../../machines/dealer-registration/dealer-registration.machine';
import type { FormSubmitEvent } from '../../machines/forms/form-submit.types';
import type { DealerRegistrationValues } from '../../src/domain/dealer-registration';
import { completeDealerRegistration } from '../support/dealer-registration';
import type { PathModel } from './test-model';

/**
 * The dealer registration's path model (shared by tests/machines/dealer-registration.test.ts and
 * the scenario docs, docs/machines/dealer-registration.md).
 */

export const valid = completeDealerRegistration;
/** A form whose captcha is not solved and whose website is no URL. */
const invalid: DealerRegistrationValues = { ...valid, website: 'not a site', captcha: '' };
export const invalidErrors = { website: 'Website must be a valid URL', captcha: 'Please complete the reCAPTCHA' };

export const SUCCESS = 'Thank you for registering, Gem State Arms. We will review your application and contact you at ffl@gemstate.example.';
export const serverError = Object.assign(new Error('FFL document must be a PDF or TIFF file'), {
  status: 415,
  body: { status: 415, title: 'Unsupported Media Type', message: 'FFL document must be a PDF or TIFF file', errors: [{ field: 'fflDocument', message: 'FFL document must be a PDF or TIFF file' }] },
});

const events = [
  { type: 'form.submit', values: valid },
  { type: 'form.submit', values: invalid },
  { type: 'form.edit', field: 'website' },
  { type: 'xstate.done.actor.send', output: SUCCESS },
  { type: 'xstate.error.actor.send', error: serverError },
] as unknown as FormSubmitEvent[];

export const dealerRegistrationModel: PathModel<typeof dealerRegistrationMachine> = {
  machine: dealerRegistrationMachine,
  options: {
    events,
    // Counters grow without end: a node is the state and the errors shown.
    serializeState: (state) => JSON.stringify([state.value, state.context.errors]),
  },
  // No success text of its own: the notice is the server's message.
  starts: [{ name: '', input: {} }],
};
