import { fromCallback, fromPromise, type EventObject, type NonReducibleUnknown } from 'xstate';

/*
 * Placeholders for actors whose implementation the app supplies with `machine.provide()` (the
 * API client, the identity provider). The machine declares the actor's name and types here, so
 * the Stately visualizer and the path tests see the same machine the app runs; calling one that
 * was never provided fails loudly instead of hanging.
 */

export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`Actor "${name}" is not provided; supply it with machine.provide({ actors }).`)),
  );
}

export function notProvidedCallback<TInput = NonReducibleUnknown>(name: string) {
  return fromCallback<EventObject, TInput>(() => {
    throw new Error(`Actor "${name}" is not provided; supply it with machine.provide({ actors }).`);
  });
}
