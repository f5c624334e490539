/**
 * A promise React's `use` can read without suspending once it has settled: it carries React's
 * thenable fields (`status`, then `value` or `reason`), set the moment it settles. React itself
 * only learns a plain promise has settled after suspending on it once.
 */
export function followSettlement<T>(promise: Promise<T>): Promise<T> {
  const followed: Promise<T> = Object.assign(
    promise.then(
      (value) => {
        Object.assign(followed, { status: 'fulfilled', value });
        return value;
      },
      (error: unknown) => {
        Object.assign(followed, { status: 'rejected', reason: error });
        throw error;
      },
    ),
    { status: 'pending' },
  );
  return followed;
}

/** A promise of `value` that React's `use` reads at once. */
export function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}
