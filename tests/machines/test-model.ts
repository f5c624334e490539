import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { createTestModel } from 'xstate/graph';

/**
 * `createTestModel(machine)` for machines with delayed (`after`) transitions and invoked actors.
 *
 * xstate's createTestModel refuses such machines up front ("After events on test machines are not
 * supported", "Invocations on test machines are not supported") because it cannot know how a
 * system under test advances time or settles an actor. The traversal itself handles both: a
 * delayed transition is an ordinary transition on its `xstate.after.<delay>.<id>` event, and an
 * invoked actor's result is an ordinary transition on `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>`. Our tests drive time themselves (SimulatedClock) and settle fake
 * actors (machine.provide) in those events' executors, so the up-front check is skipped by hiding
 * `after` and `invoke` from it for the duration of the call only; the machine, its transitions
 * and the traversal are untouched (both are prototype getters over the state node's config, so
 * removing the shadowing own property restores them).
 */
export function createTimedTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options?: Parameters<typeof createTestModel<TMachine>>[1],
): ReturnType<typeof createTestModel<TMachine>> {
  const nodes = allStateNodes(machine.root);
  const delayed = nodes.filter((node) => node.after.length > 0);
  const invoking = nodes.filter((node) => node.invoke.length > 0);
  for (const node of delayed) Object.defineProperty(node, 'after', { value: [], configurable: true });
  for (const node of invoking) Object.defineProperty(node, 'invoke', { value: [], configurable: true });
  try {
    return createTestModel(machine, options);
  } finally {
    for (const node of delayed) delete (node as { after?: unknown }).after;
    for (const node of invoking) delete (node as { invoke?: unknown }).invoke;
  }
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}
