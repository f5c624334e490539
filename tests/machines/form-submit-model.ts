import { formSubmitMachine } from '../../machines/forms/form-submit.machine';
import type { FormSubmitEvent, FormValues } from '../../machines/forms/form-submit.types';
import type { PathModel } from './test-model';

/**
 * The captcha-protected forms' submission path model (shared by tests/machines/form-submit.test.ts
 * and the scenario docs, docs/machines/form-submit.md).
 */

export const SUCCESS = 'You have been subscribed to the newsletter';
export const values: FormValues = { email: 'shopper@example.com', captcha: 'solved' };
/** A refusal with two field errors (the Problem's errors[], as the API client keeps it in `body`). */
const REFUSED = 'Email must be a valid email address; Please complete the reCAPTCHA';
export const refusedErrors = { email: 'Email must be a valid email address', captcha: 'Please complete the reCAPTCHA' };
export const serverError = Object.assign(new Error(REFUSED), {
  status: 400,
  body: { status: 400, title: 'Bad Request', message: REFUSED, errors: Object.entries(refusedErrors).map(([field, message]) => ({ field, message })) },
});

const events = [
  { type: 'form.submit', values },
  { type: 'form.edit', field: 'email' },
  { type: 'form.edit', field: 'captcha' },
  { type: 'xstate.done.actor.send', output: null },
  { type: 'xstate.error.actor.send', error: serverError },
] as unknown as FormSubmitEvent[];

export const formSubmitModel: PathModel<typeof formSubmitMachine> = {
  machine: formSubmitMachine,
  options: {
    events,
    // The counters grow without end: a node is the state and the errors shown. The transitions
    // back out of succeeded and failed revisit states: the test's 'after a result' cases take them.
    serializeState: (state) => JSON.stringify([state.value, state.context.errors]),
  },
  starts: [{ name: '', input: { successText: SUCCESS } }],
};
