import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { createTestModel } from 'xstate/graph';

/**
 * `createTestModel(machine)` for machines with delayed (`after`) transitions.
 *
 * xstate's createTestModel refuses such machines up front ("After events on test machines are not
 * supported") because it cannot know how a system under test advances time. The traversal itself
 * handles them: a delayed transition is an ordinary transition on its `xstate.after.<delay>.<id>`
 * event. Our tests drive time themselves (SimulatedClock) in that event's executor, so the
 * up-front check is skipped by hiding `after` from it for the duration of the call only; the
 * machine, its transitions and the traversal are untouched (delayed transitions are resolved when
 * the machine is created, before this runs).
 */
export function createTimedTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options?: Parameters<typeof createTestModel<TMachine>>[1],
): ReturnType<typeof createTestModel<TMachine>> {
  const nodes = allStateNodes(machine.root);
  const delayed = nodes.filter((node) => node.after.length > 0);
  for (const node of delayed) Object.defineProperty(node, 'after', { value: [], configurable: true });
  try {
    return createTestModel(machine, options);
  } finally {
    for (const node of delayed) delete (node as { after?: unknown }).after;
  }
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}
