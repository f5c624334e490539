import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, InspectionEvent, Observer } from 'xstate';

/**
 * Transition coverage for graph path tests (DESIGN.md section 5: "A test reports which
 * transitions the generated paths cover; the goal is all of them").
 *
 * `listTransitions(machine)` enumerates every transition the machine defines: event transitions,
 * delayed (`after`) transitions and eventless (`always`) transitions, each as
 * "source + trigger -> targets". `createTransitionCoverage(machine)` gives an `inspect` observer to
 * pass to the actors a test drives; it records the transitions actually taken (from xstate's
 * `@xstate.microstep` inspection events), so coverage reflects what the system under test did,
 * not what the path generator intended.
 */

export interface TransitionInfo {
  /** Stable key: source state id, trigger, index among the source's transitions for it. */
  key: string;
  /** Human-readable: `visible --notification.close--> hidden`. */
  label: string;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function triggerOf(transition: AnyTransitionDefinition): string {
  if (transition.eventType === '') return 'always';
  // Delayed transitions carry the delay (number or named delay) on the definition at runtime.
  const { delay } = transition as { delay?: number | string };
  if (delay !== undefined) return `after(${String(delay)})`;
  return transition.eventType;
}

function keyOf(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const siblings: AnyTransitionDefinition[] =
    transition.eventType === '' ? (source.always ?? []) : (source.transitions.get(transition.eventType) ?? []);
  // Definitions are matched by position, not identity, so `machine.provide(...)` copies (new
  // definition objects, same shape) are counted against the original machine's list.
  const index = Math.max(0, siblings.findIndex((candidate) => candidate === transition));
  return `${source.id}|${triggerOf(transition)}|${index}`;
}

function stateName(node: AnyStateNode): string {
  return node.path.length ? node.path.join('.') : `(${node.id})`;
}

function labelOf(transition: AnyTransitionDefinition): string {
  const targets = transition.target?.length
    ? transition.target.map(stateName).join(', ')
    : '(self, no exit)';
  const reenter = transition.reenter ? ' [reenter]' : '';
  return `${stateName(transition.source)} --${triggerOf(transition)}--> ${targets}${reenter}`;
}

export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return allStateNodes(machine.root).flatMap((node) => {
    const fromEvents = [...(node.transitions as Map<string, AnyTransitionDefinition[]>).values()].flat();
    const fromAlways = (node.always ?? []) as AnyTransitionDefinition[];
    return [...fromEvents, ...fromAlways].map((transition) => ({ key: keyOf(transition), label: labelOf(transition) }));
  });
}

/** Where each machine's coverage of the last path-test run is kept, for `npm run machines`. */
export const COVERAGE_DIR = fileURLToPath(new URL('../../.cache/machine-coverage', import.meta.url));

/**
 * What `npm run machines` reads: one file per machine, by its name (its id, or for a `provide`
 * copy that is a machine of its own, the name of its file: scripts/machine-docs.ts).
 */
export interface SavedCoverage {
  machine: string;
  covered: number;
  total: number;
  uncovered: string[];
  /** ISO time of the run. */
  at: string;
}

function saveCoverage(saved: SavedCoverage): void {
  try {
    mkdirSync(COVERAGE_DIR, { recursive: true });
    // Written aside and renamed, so a reader (npm run machines, its test) never sees half a file.
    const file = path.join(COVERAGE_DIR, `${saved.machine}.json`);
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, `${JSON.stringify(saved, null, 2)}\n`);
    renameSync(partial, file);
  } catch {
    // A read-only checkout still runs its tests; only the listing goes without.
  }
}

/** A coverage test may run every counted test of its file (when it runs first): their time, not 5 s. */
export const COVERAGE_TIMEOUT_MS = 120_000;

export interface TransitionCoverage {
  /** Pass as `createActor(machine, { inspect: coverage.inspect })`. */
  inspect: Observer<InspectionEvent>;
  covered(): TransitionInfo[];
  uncovered(): TransitionInfo[];
  /**
   * "name: N/M transitions covered" followed by one line per transition (✓ covered, ✗ not).
   * Like `uncovered()`, saves the figures under .cache/machine-coverage/<machine name>.json for
   * `npm run machines`.
   */
  report(name: string): string;
  /**
   * The body of a test whose transitions count (a path, or a rule driving the actor), that runs
   * `run` once however often it is asked for: the coverage test runs those that have not run yet,
   * so it gets every counted transition whatever order vitest runs the tests in (issue 20 item 5).
   */
  counted(run: () => unknown): () => Promise<void>;
  /** Runs, one at a time, every counted test body that has not run yet (the coverage test's first step). */
  runCounted(): Promise<void>;
}

/**
 * `savedAs`: the name the figures are saved under, the machine's id unless the machine is a
 * `provide` copy known by a name of its own (the dealer registration is the form-submit machine).
 */
export function createTransitionCoverage(machine: AnyStateMachine, savedAs: string = machine.id): TransitionCoverage {
  const all = listTransitions(machine);
  const taken = new Set<string>();

  const inspect: Observer<InspectionEvent> = {
    next: (inspectionEvent) => {
      if (inspectionEvent.type !== '@xstate.microstep') return;
      for (const transition of inspectionEvent._transitions) taken.add(keyOf(transition));
    },
  };

  const covered = () => all.filter((transition) => taken.has(transition.key));
  // Every coverage check (a coverage test asks for the uncovered list) leaves the figures for
  // `npm run machines`.
  const uncovered = () => {
    const missing = all.filter((transition) => !taken.has(transition.key));
    saveCoverage({
      machine: savedAs,
      covered: all.length - missing.length,
      total: all.length,
      uncovered: missing.map((transition) => transition.label),
      at: new Date().toISOString(),
    });
    return missing;
  };

  const bodies: (() => Promise<void>)[] = [];
  const counted = (run: () => unknown) => {
    let running: Promise<void> | undefined;
    const once = () => (running ??= Promise.resolve().then(async () => void (await run())));
    bodies.push(once);
    return once;
  };
  const runCounted = async () => {
    for (const once of bodies) await once();
  };

  return {
    inspect,
    covered,
    uncovered,
    counted,
    runCounted,
    report: (name) => {
      uncovered();
      const lines = all.map((transition) => `  ${taken.has(transition.key) ? '✓' : '✗'} ${transition.label}`);
      return [`${name}: ${covered().length}/${all.length} transitions covered`, ...lines].join('\n');
    },
  };
}
