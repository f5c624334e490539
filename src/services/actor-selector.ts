import { use } from 'react';
import type { AnyActorRef } from 'xstate';
import { followSettlement } from './settlement';

type ActorHooks = Pick<typeof import('@xstate/react'), 'useSelector'>;

let hooks: Promise<ActorHooks> | undefined;

/**
 * @xstate/react, loaded beside the app's actors instead of on every route's first load (issue 16,
 * decision 064). Its module imports xstate's `createActor` (for `useActorRef`), so a static import
 * in the shell put xstate's actor runtime (9 kB gzip) on the first load although no actor exists
 * before hydration. The browser's start-up loads it with the actors (src/main.tsx); the server
 * renderer and the unit tests load it before they render, so reading it never suspends there.
 */
export function loadActorHooks(): Promise<ActorHooks> {
  return (hooks ??= followSettlement(import('@xstate/react')));
}

type SnapshotOf<TActor> = TActor extends { getSnapshot(): infer TSnapshot } ? TSnapshot : undefined;

/**
 * How a view reads an actor: @xstate/react's own `useSelector` (re-renders when the selected
 * value changes, by `compare`, identity by default). Stores (@xstate/store) are read with
 * @xstate/store-react's `useSelector`. Always calls `use` on the hooks' loading, so a part that
 * suspended on it is replayed with the same hooks (see src/services/providers.tsx).
 */
export function useActorSelector<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  const { useSelector } = use(loadActorHooks());
  // eslint-disable-next-line no-restricted-syntax -- passes on its caller's comparator, which the rule checks there
  return useSelector(actor, selector, compare);
}
