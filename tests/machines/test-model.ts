import type { ActorLogic, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InputFrom } from 'xstate';
import { createTestModel, serializeSnapshot, TestModel } from 'xstate/graph';

type ModelOptions<TMachine extends AnyStateMachine> = Parameters<typeof createTestModel<TMachine>>[1];
type ModelPath<TMachine extends AnyStateMachine> = ReturnType<ReturnType<typeof createTestModel<TMachine>>['getShortestPaths']>[number];

/**
 * A test model of a machine with delayed (`after`) transitions and invoked actors, built with
 * xstate's public `TestModel`.
 *
 * xstate's `createTestModel` refuses such machines up front ("After events on test machines are
 * not supported", "Invocations on test machines are not supported"): it cannot know how a system
 * under test advances time or settles an actor. The traversal itself handles both. A delayed
 * transition is an ordinary transition on its `xstate.after.<delay>.<id>` event, and an invoked
 * actor's result is one on `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. Our tests drive
 * time themselves (SimulatedClock) and settle fake actors (machine.provide) in those events'
 * executors. So the model is `new TestModel(machine, options)` with createTestModel's own defaults
 * (written here with public API only), and no check to get around.
 */
export function createTimedTestModel<TMachine extends AnyStateMachine>(machine: TMachine, options?: ModelOptions<TMachine>): ReturnType<typeof createTestModel<TMachine>> {
  type Snapshot = AnyMachineSnapshot;
  type Event = EventObject;
  const { events: sampleEvents, serializeEvent = JSON.stringify, serializeTransition, ...rest } = (options ?? {}) as {
    events?: readonly Event[] | ((snapshot: Snapshot) => readonly Event[]);
    serializeEvent?: (event: Event) => string;
    serializeTransition?: (snapshot: Snapshot, event: Event | undefined, previous?: Snapshot) => string;
  };
  const nodes = allStateNodes(machine.root);
  // As createTestModel: where the state's own events have samples, those; otherwise the bare type.
  const events = (snapshot: Snapshot): Event[] => {
    const samples = (typeof sampleEvents === 'function' ? sampleEvents(snapshot) : sampleEvents) ?? [];
    return ownEventTypes(nodes, snapshot).flatMap((type) => {
      const given = samples.filter((event) => event.type === type);
      return given.length > 0 ? given : [{ type }];
    });
  };
  // As createTestModel: the snapshot, then the transition that reached it.
  const transition =
    serializeTransition ??
    ((_snapshot: Snapshot, event: Event | undefined, previous?: Snapshot) =>
      event ? ` via ${serializeEvent(event)}${previous ? ` from ${JSON.stringify(previous.value)}` : ''}` : '');
  const model = new TestModel<Snapshot, Event, unknown>(machine as unknown as ActorLogic<Snapshot, Event, unknown>, {
    serializeState: (snapshot, event, previous) => `${serializeSnapshot(snapshot)}${transition(snapshot, event, previous)}`,
    stateMatcher: (snapshot, key) => snapshot.matches(key.startsWith('#') ? machine.getStateNodeById(key).path.join('.') : key),
    events,
    ...(rest as object),
  });
  return model as unknown as ReturnType<typeof createTestModel<TMachine>>;
}

/** The event types the active state nodes handle themselves (createTestModel's default events). */
function ownEventTypes(nodes: readonly AnyStateNode[], snapshot: AnyMachineSnapshot): string[] {
  const active = nodes.filter((node) => node.path.length === 0 || snapshot.matches(node.path.join('.')));
  return [...new Set(active.flatMap((node) => node.ownEvents))];
}

/** One start of a machine's shortest paths: the input its path test starts the actor with. */
export interface PathStart<TMachine extends AnyStateMachine> {
  /** As the test names the start; '' where the machine has one. */
  name: string;
  /** Given here, not in the options: a start's input replaces the options'. */
  input?: InputFrom<TMachine>;
  /** The paths the test replays from this start, where it keeps only some. */
  keep?: (path: ModelPath<TMachine>) => boolean;
}

/**
 * A machine's path model: its sample events with their payloads, how the traversal tells states
 * apart, and where it starts. The machine's path test and the scenario docs (`npm run machines --
 * --paths`, docs/machines/) both take their shortest paths from it, so the docs show the very
 * paths the test replays and its transition coverage counts. Kept in tests/machines/*-model.ts,
 * free of vitest, so that the docs generator can import it.
 */
export interface PathModel<TMachine extends AnyStateMachine> {
  /** The machine traversed: the machine itself, or a `provide` copy of it. */
  machine: TMachine;
  options: ModelOptions<TMachine>;
  starts: PathStart<TMachine>[];
  /** A sample event's short name (its JSON where it has none), where the test names its samples. */
  labelOf?: (event: EventObject) => string;
  /**
   * Where the traversal tells states apart by their context, there is a shortest path to every
   * context a machine can reach: thousands, most of them taking only steps that other paths take
   * too. With `stepKey`, a path is replayed only when it takes a step no path kept before it takes
   * (longest first), each step known by this key: the state before, the event, the state after,
   * and what of the context the machine's rules depend on. The transition coverage check proves
   * the kept paths still take every transition; properties of particular states get paths of
   * their own (`toState`).
   */
  stepKey?: (previous: AnyMachineSnapshot | undefined, event: EventObject, next: AnyMachineSnapshot) => string;
}

/** Each start's shortest paths, as the machine's path test replays them. */
export function shortestPaths<TMachine extends AnyStateMachine>(model: PathModel<TMachine>) {
  const testModel = createTimedTestModel(model.machine, model.options);
  return model.starts.map((start) => {
    const paths = testModel.getShortestPaths({ input: start.input }).filter((path) => start.keep?.(path) ?? true);
    return { start, paths: model.stepKey ? covering(paths, model.stepKey) : paths };
  });
}

/** The paths that take a step (by `stepKey`) no longer or earlier path takes, in their order. */
export function covering<TPath extends { steps: { event: EventObject; state: unknown }[] }>(paths: TPath[], stepKey: NonNullable<PathModel<AnyStateMachine>['stepKey']>): TPath[] {
  const taken = new Set<string>();
  const kept = new Set<TPath>();
  const longestFirst = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  for (const path of longestFirst) {
    const keys = path.steps.map((step, index) =>
      stepKey(index ? (path.steps[index - 1].state as AnyMachineSnapshot) : undefined, step.event, step.state as AnyMachineSnapshot),
    );
    if (keys.every((key) => taken.has(key))) continue;
    for (const key of keys) taken.add(key);
    kept.add(path);
  }
  return paths.filter((path) => kept.has(path));
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

/** A sample event's name in a model's list of named samples (its JSON where it is none of them). */
export const labelIn =
  (labelled: readonly (readonly [string, unknown])[]) =>
  (event: unknown): string =>
    labelled.find(([, candidate]) => JSON.stringify(candidate) === JSON.stringify(event))?.[0] ?? JSON.stringify(event);

/**
 * A traversal node that is an edge (previous state, event, state) rather than a state, so that the
 * shortest paths take every transition, those back to a state already reached included.
 */
export const edgeOf =
  <TState>(serialize: (state: TState) => unknown, labelOf: (event: unknown) => string) =>
  (state: TState, event: unknown, previous?: TState): string =>
    JSON.stringify({ state: serialize(state), via: event ? labelOf(event) : null, from: previous ? serialize(previous) : null });

/** A generated path, as its `test` replays it against a system under test. */
export interface ReplayablePath {
  test: (params: never) => Promise<unknown>;
}

/**
 * Replays one generated path on a fresh actor: `start` makes the system under test (the actor and
 * its fakes), `params` the path's state checks and event executors for it; `atEnd` checks what the
 * path left behind. The actor stops however the path ends. Every machine's path test runs its
 * paths through this.
 */
export async function replayPath<TSut extends { actor: { stop(): void } }>(
  path: ReplayablePath,
  start: () => TSut,
  params: (sut: TSut) => unknown,
  atEnd?: (sut: TSut) => void,
): Promise<void> {
  const sut = start();
  try {
    await path.test(params(sut) as never);
    atEnd?.(sut);
  } finally {
    sut.actor.stop();
  }
}
