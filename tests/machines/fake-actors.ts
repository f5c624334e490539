import { fromCallback, fromPromise, type AnyEventObject, type EventObject, type NonReducibleUnknown } from 'xstate';

/**
 * Lets the promise reactions (and the machine's resulting transitions) run: a settled promise
 * actor reports to its parent within a few microtask turns; no timer is involved.
 */
export async function flush(turns = 5): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) await Promise.resolve();
}

/**
 * Fake actors for graph path tests, provided with `machine.provide({ actors })`. A fake promise
 * actor records its input and stays pending until the test settles it with the output or error
 * of the path's `xstate.done.actor.*` / `xstate.error.actor.*` event, so the system under test
 * receives exactly the event the model traversed.
 */
export function createFakeActors() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const calls: Record<string, unknown[]> = {};
  const callbacks = new Map<string, (event: AnyEventObject) => void>();

  return {
    calls,
    callsOf: (name: string) => calls[name] ?? [],

    promise<TOutput, TInput = NonReducibleUnknown>(name: string) {
      return fromPromise<TOutput, TInput>(({ input, signal }) => {
        (calls[name] ??= []).push(input);
        return new Promise<TOutput>((resolve, reject) => {
          const entry = { resolve: resolve as (value: unknown) => void, reject };
          pending.set(name, entry);
          // A stopped actor (its state was left) can no longer be settled.
          signal.addEventListener('abort', () => {
            if (pending.get(name) === entry) pending.delete(name);
          });
        });
      });
    },

    /** A callback actor whose `sendBack` the test drives; `isRunning(name)` while invoked. */
    callback(name: string) {
      return fromCallback<EventObject>(({ sendBack }) => {
        (calls[name] ??= []).push(undefined);
        callbacks.set(name, sendBack);
        return () => {
          callbacks.delete(name);
        };
      });
    },

    isRunning: (name: string) => pending.has(name) || callbacks.has(name),

    /** Events from a running callback actor, as its source would send them. */
    sendBack(name: string, event: AnyEventObject) {
      const sendBack = callbacks.get(name);
      if (!sendBack) throw new Error(`Callback actor "${name}" is not running.`);
      sendBack(event);
    },

    async resolve(name: string, output: unknown) {
      const deferred = pending.get(name);
      if (!deferred) throw new Error(`Actor "${name}" is not running.`);
      pending.delete(name);
      deferred.resolve(output);
      await flush();
    },

    async reject(name: string, error: unknown) {
      const deferred = pending.get(name);
      if (!deferred) throw new Error(`Actor "${name}" is not running.`);
      pending.delete(name);
      deferred.reject(error);
      await flush();
    },
  };
}

export type FakeActors = ReturnType<typeof createFakeActors>;
