import type { SnapshotFrom } from 'xstate';
import type { FormSubmitEvent } from '../forms/form-submit.types';
import type { dealerRegistrationMachine } from './dealer-registration.machine';
import type { DealerRegistrationValues } from './dealer-registration.types';

type RegistrationSnapshot = SnapshotFrom<typeof dealerRegistrationMachine>;
type Send = (event: FormSubmitEvent) => void;

/**
 * A registration snapshot as the screen needs it (zag's connect pattern): the errors by field,
 * whether a request is running, the keys the view resets and focuses on, and the intents.
 */
export function connect(snapshot: RegistrationSnapshot, send: Send) {
  const { context } = snapshot;
  const submitting = snapshot.matches('submitting');
  return {
    submitting,
    succeeded: snapshot.matches('succeeded'),
    failed: snapshot.matches('failed'),
    errors: context.errors,
    errorOf: (field: string): string[] | undefined => (context.errors[field] ? [context.errors[field]] : undefined),
    /** Changes on every success: the view remounts the form (defaults) and resets the captcha. */
    resetKey: context.successes,
    /** Changes on every answer of the server: the view resets the captcha (its solution is spent). */
    captchaKey: context.captchaRound,
    /** Changes on every submit refused by the rules: the view moves focus to the first error. */
    focusKey: context.rejectedSubmits,
    submit: (values: DealerRegistrationValues) => send({ type: 'form.submit', values }),
    edit: (field: string) => send({ type: 'form.edit', field }),
  };
}

export type RegistrationApi = ReturnType<typeof connect>;
