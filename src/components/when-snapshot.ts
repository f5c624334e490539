/** What `whenSnapshot` needs of an actor (any xstate actor ref has it). */
interface Observable<S> {
  getSnapshot(): S;
  subscribe(next: (snapshot: S) => void): { unsubscribe(): void };
}

/**
 * The actor's first snapshot, current or coming, that satisfies `predicate`: xstate's `waitFor`
 * without a timeout, written here so route loaders (on every route's first load) do not pull
 * xstate's runtime out of the actors' own chunk (decision 057).
 */
export function whenSnapshot<S>(actor: Observable<S>, predicate: (snapshot: S) => boolean): Promise<S> {
  const now = actor.getSnapshot();
  if (predicate(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const subscription = actor.subscribe((snapshot) => {
      if (!predicate(snapshot)) return;
      queueMicrotask(() => subscription.unsubscribe());
      resolve(snapshot);
    });
  });
}
