import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../machines/forms/form-submit.machine';
import type { FormValues, SubmittedValues } from '../../../machines/forms/form-submit.types';
import { useForwardNotifications } from '../use-notifications';

/**
 * A captcha-protected form's submission actor (machines/forms/form-submit.machine.ts), wired to
 * the app: `send` is the form's API call, notices go to the notification banner, each success
 * bumps `resetKey` so the view clears its fields, every answer bumps `captchaRound` so the view
 * resets the captcha, and `serverErrors` are the refusal's field errors for under the fields.
 */
export function useFormSubmit(send: (values: FormValues) => Promise<string | null>, successText?: string) {
  const machine = useMemo(
    // The values sent are those `submit` below was given: text only.
    () => formSubmitMachine.provide({ actors: { send: fromPromise(({ input }: { input: SubmittedValues }) => send(input as FormValues)) } }),
    // The call is fixed per form; a new function identity must not restart the actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: { successText } });
  const [resetKey, setResetKey] = useState(0);

  useEffect(() => {
    const subscription = actor.on('form.reset', () => setResetKey((key) => key + 1));
    return () => subscription.unsubscribe();
  }, [actor]);
  useForwardNotifications(actor);

  const isSubmitting = useActorSelector(actor, (snapshot) => snapshot.matches('submitting'));
  const captchaRound = useActorSelector(actor, (snapshot) => snapshot.context.captchaRound);
  const serverErrors = useActorSelector(actor, (snapshot) => snapshot.context.errors);
  return {
    resetKey,
    isSubmitting,
    captchaRound,
    /** The server's error of a field, as the list a Field shows; undefined when it has none. */
    serverErrorOf: (field: string): string[] | undefined => (serverErrors[field] ? [serverErrors[field]] : undefined),
    submit: (values: FormValues) => actor.send({ type: 'form.submit', values }),
    /** The shopper edited `field` (an input's name, or 'captcha'): its server error clears. */
    edit: (field?: string) => actor.send({ type: 'form.edit', field }),
  };
}
