import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { formSubmitMachine } from '../../../machines/forms/form-submit.machine';
import type { FormValues } from '../../../machines/forms/form-submit.types';
import { useAppActors } from '../../app/providers';

/**
 * A captcha-protected form's submission actor (machines/forms/form-submit.machine.ts), wired to
 * the app: `send` is the form's API call, notices go to the notification banner, and each success
 * bumps `resetKey` so the view clears its fields and the captcha.
 */
export function useFormSubmit(send: (values: FormValues) => Promise<string | null>, successText?: string) {
  const { notification } = useAppActors();
  const machine = useMemo(
    () => formSubmitMachine.provide({ actors: { send: fromPromise(({ input }: { input: FormValues }) => send(input)) } }),
    // The call is fixed per form; a new function identity must not restart the actor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(machine, { input: { successText } });
  const [resetKey, setResetKey] = useState(0);

  useEffect(() => {
    const subscriptions = [
      actor.on('notification.show', (event) => notification.send(event)),
      actor.on('form.reset', () => setResetKey((key) => key + 1)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, notification]);

  const isSubmitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'));
  return {
    resetKey,
    isSubmitting,
    submit: (values: FormValues) => actor.send({ type: 'form.submit', values }),
    edit: () => actor.send({ type: 'form.edit' }),
  };
}
