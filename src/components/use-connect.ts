import { useActorSelector } from '../services/actor-selector';
import type { AnyActorRef } from 'xstate';

/**
 * Whether two connect results hold the same values: primitives by `Object.is`, arrays and plain
 * objects key by key (recursively), anything else (a Date, a class instance) by identity.
 *
 * Functions always count as equal. A connect makes new intent closures on every call, so by
 * identity no two results would ever match; the closures may only use what cannot change
 * unseen: the actor's `send`, their arguments, and values the result also carries as data (a
 * search's text and highlighted index, a slot's key). When those values are equal, the kept
 * closures do what the new ones would.
 */
export function structurallyEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (typeof a === 'function' && typeof b === 'function')) return true;
  if (!isRecord(a) || !isRecord(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && structurallyEqual(a[key], b[key]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
}

/**
 * The one way a view reads a machine through its connect (issue 20 item 2, decision 056): it
 * re-renders when what connect returns changes in value, whatever fields connect gains. Pass a
 * small selector to `useActorSelector` instead when a view needs one value.
 */
export function useConnect<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, T>(
  actor: TActor,
  connect: (snapshot: TActor extends { getSnapshot(): infer TSnapshot } ? TSnapshot : undefined) => T,
): T {
  return useActorSelector(actor, connect, structurallyEqual);
}
