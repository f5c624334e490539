import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { connect } from '../../machines/search/search.connect';
import { searchMachine } from '../../machines/search/search.machine';
import {
  SUGGEST_DEBOUNCE_MS,
  TOGGLE_DEBOUNCE_MS,
  type SearchEmitted,
  type SearchEvent,
  type Suggestion,
} from '../../machines/search/search.types';
import { createFakeActors, flush } from './fake-actors';
import { AFTER_SUGGEST, AFTER_TOGGLE, DONE, ERROR, events, found, labelOf, searchModel, suggestion } from './search-model';
import { shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for product search (catalogue-and-content.md sections 2, 4, 5, 7, 9): every
 * shortest path of the model is replayed against a real actor with a fake `searchProducts`,
 * checking each state (text, suggestions, selection, requests asked, events emitted) on the way,
 * and the coverage report checks that the paths take every transition.
 */

function title(path: { state: { value: unknown }; steps: { event: { type: string } }[] }) {
  const steps = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  return `${JSON.stringify(path.state.value).replaceAll('"', '')} via ${steps.map(labelOf).join(' → ') || '(start)'}`;
}

/**
 * The two regions' timers are independent events of the model, but on one clock advancing one
 * would age the other. This clock fires one timer by its delay, leaving the other untouched;
 * real time (both running together, 499 vs 500 ms) is tested below on XState's SimulatedClock.
 */
function createTimerClock() {
  const timers = new Map<number, { ms: number; fn: () => void }>();
  let nextId = 0;
  return {
    setTimeout(fn: () => void, ms: number) {
      nextId += 1;
      timers.set(nextId, { ms, fn });
      return nextId;
    },
    clearTimeout(id: number) {
      timers.delete(id);
    },
    pending: (ms: number) => [...timers.values()].filter((timer) => timer.ms === ms).length,
    fire(ms: number) {
      const entry = [...timers].find(([, timer]) => timer.ms === ms);
      if (!entry) throw new Error(`No ${ms} ms timer is pending.`);
      timers.delete(entry[0]);
      entry[1].fn();
    },
  };
}

const coverage = createTransitionCoverage(searchMachine);

function startActor() {
  const fakes = createFakeActors();
  const clock = createTimerClock();
  const actor = createActor(searchMachine.provide({ actors: { searchProducts: fakes.promise('searchProducts') } }), {
    clock,
    inspect: coverage.inspect,
  });
  const emitted: SearchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, clock, emitted };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut) {
  const { actor, fakes, clock, emitted } = sut;
  const snapshot = () => actor.getSnapshot();
  // What the model expects so far, advanced by the event executors.
  const expected: SearchEmitted[] = [];
  let requests = 0;

  const invariants = (model: { value: unknown; context: unknown }) => {
    expect(snapshot().value).toEqual(model.value);
    expect(snapshot().context).toEqual(model.context);
    expect(emitted).toEqual(expected);
    expect(fakes.callsOf('searchProducts')).toHaveLength(requests);
    // One debounce at a time: a change restarts it instead of adding another.
    expect(clock.pending(SUGGEST_DEBOUNCE_MS)).toBe(snapshot().matches({ suggestions: 'debouncing' }) ? 1 : 0);
    expect(clock.pending(TOGGLE_DEBOUNCE_MS)).toBe(snapshot().matches({ toggle: 'coolingDown' }) ? 1 : 0);
    // A request runs only while loading, and only for text longer than 2 characters.
    expect(fakes.isRunning('searchProducts')).toBe(snapshot().matches({ suggestions: 'loading' }));
    const { context } = snapshot();
    expect(context.selectedIndex).toBeGreaterThanOrEqual(-1);
    expect(context.selectedIndex).toBeLessThan(Math.max(context.suggestions.length, 1));
    // Empty text never shows suggestions (section 5), nor 1-2 characters (issue 19 item 3).
    if (context.text.trim().length < 3) expect(context.suggestions).toEqual([]);
    // What the combobox sees.
    const api = connect(snapshot(), actor.send, { listbox: 'list' });
    expect(api.isExpanded).toBe(context.suggestions.length > 0);
    expect(api.getInputProps()['aria-activedescendant']).toBe(
      context.selectedIndex >= 0 ? `list-option-${context.selectedIndex}` : undefined,
    );
  };

  const send = ({ event }: { event: SearchEvent }) => {
    const { context } = snapshot();
    const selected = context.suggestions[context.selectedIndex];
    if (event.type === 'search.toggle' && snapshot().matches({ toggle: 'ready' })) expected.push({ type: 'search.overlay.toggle' });
    if (event.type === 'search.close') expected.push({ type: 'search.overlay.close' });
    if (event.type === 'search.submit' && selected) expected.push({ type: 'search.suggestion.open', suggestion: selected });
    else if (event.type === 'search.submit' && context.text.trim().length > 1)
      expected.push({ type: 'search.results.open', query: context.text.trim() });
    if (event.type === 'search.suggestion.select' && context.suggestions[event.index])
      expected.push({ type: 'search.suggestion.open', suggestion: context.suggestions[event.index] });
    actor.send(event);
  };

  const execs: Record<string, unknown> = {};
  for (const event of events) if (!event.type.startsWith('xstate.')) execs[event.type] = send;
  Object.assign(execs, {
    [AFTER_SUGGEST]: () => {
      requests += 1;
      clock.fire(SUGGEST_DEBOUNCE_MS);
      expect(fakes.callsOf('searchProducts').at(-1)).toEqual({ query: snapshot().context.text.trim() });
    },
    [AFTER_TOGGLE]: () => clock.fire(TOGGLE_DEBOUNCE_MS),
    [DONE]: async ({ event }: { event: { output: Suggestion[] } }) => fakes.resolve('searchProducts', event.output),
    [ERROR]: async ({ event }: { event: { error: unknown } }) => fakes.reject('searchProducts', event.error),
  });

  return {
    states: {
      'suggestions.idle': invariants,
      'suggestions.debouncing': (state: { value: unknown; context: { text: string } }) => {
        invariants(state as never);
        expect(state.context.text.trim().length).toBeGreaterThan(2);
      },
      'suggestions.loading': invariants,
    },
    events: execs,
  };
}

const runPath = (path: ReplayablePath) => replayPath(path, startActor, pathParams);

const PINNED_SHORTEST = 277;

describe('search machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(searchModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_SHORTEST);
  });
  for (const path of paths) it(title(path), coverage.counted(() => runPath(path)));
});

describe('search machine: timing (SimulatedClock)', () => {
  function start(search = fakeSearch()) {
    const clock = new SimulatedClock();
    const actor = createActor(searchMachine.provide({ actors: { searchProducts: search.actor } }), { clock });
    const emitted: SearchEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, clock, emitted, search };
  }

  /** A search whose answers the test releases one by one, in any order. */
  function fakeSearch() {
    const calls: { query: string; resolve: (value: Suggestion[]) => void; aborted: () => boolean }[] = [];
    return {
      calls,
      actor: fromPromise<Suggestion[], { query: string }>(
        ({ input, signal }) =>
          new Promise((resolve) => calls.push({ query: input.query, resolve, aborted: () => signal.aborted })),
      ),
    };
  }

  it('asks for suggestions 500 ms after the last change, once', coverage.counted(async () => {
    const { actor, clock, search } = start();
    actor.send({ type: 'search.text.change', text: 'rk-' });
    clock.increment(300);
    actor.send({ type: 'search.text.change', text: 'rk-1' });
    clock.increment(SUGGEST_DEBOUNCE_MS - 1);
    expect(search.calls).toHaveLength(0);
    clock.increment(1);
    expect(search.calls.map((call) => call.query)).toEqual(['rk-1']);
    search.calls[0].resolve(found);
    await flush();
    expect(actor.getSnapshot().context.suggestions).toEqual(found);
    actor.stop();
  }));

  it('never asks for 2 characters or fewer, and trims the text', coverage.counted(() => {
    const { actor, clock, search } = start();
    for (const text of ['r', 'rk', '  rk  ', 'rk ']) {
      actor.send({ type: 'search.text.change', text });
      clock.increment(SUGGEST_DEBOUNCE_MS * 2);
    }
    expect(search.calls).toHaveLength(0);
    actor.send({ type: 'search.text.change', text: ' rk1 ' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    expect(search.calls.map((call) => call.query)).toEqual(['rk1']);
    actor.stop();
  }));

  it('suggestions clear as soon as the text is shorter than 3 characters, and a pending request stops', coverage.counted(async () => {
    const { actor, clock, search } = start();
    actor.send({ type: 'search.text.change', text: 'rk-1' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    search.calls[0].resolve(found);
    await flush();
    actor.send({ type: 'search.selection.next' });
    expect(actor.getSnapshot().context.suggestions).toEqual(found);
    actor.send({ type: 'search.text.change', text: 'rk' });
    expect(actor.getSnapshot().context).toEqual({ text: 'rk', suggestions: [], selectedIndex: -1 });
    expect(connect(actor.getSnapshot(), actor.send, { listbox: 'list' }).isExpanded).toBe(false);

    // Back past 2 characters and down again before the answer: the request is stopped.
    actor.send({ type: 'search.text.change', text: 'rk-' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    expect(search.calls).toHaveLength(2);
    actor.send({ type: 'search.text.change', text: 'r ' });
    expect(search.calls[1].aborted()).toBe(true);
    search.calls[1].resolve(found);
    await flush();
    expect(actor.getSnapshot().context.suggestions).toEqual([]);
    expect(actor.getSnapshot().matches({ suggestions: 'idle' })).toBe(true);
    actor.stop();
  }));

  it('a stale answer never overwrites newer suggestions', coverage.counted(async () => {
    const { actor, clock, search } = start();
    actor.send({ type: 'search.text.change', text: 'rk-1' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    actor.send({ type: 'search.text.change', text: 'summit' });
    expect(search.calls[0].aborted()).toBe(true);
    clock.increment(SUGGEST_DEBOUNCE_MS);
    const newer = [suggestion('summit-bolt-action', 'Summit Bolt-Action')];
    search.calls[1].resolve(newer);
    await flush();
    search.calls[0].resolve(found);
    await flush();
    expect(actor.getSnapshot().context.suggestions).toEqual(newer);
    expect(actor.getSnapshot().matches({ suggestions: 'idle' })).toBe(true);
    actor.stop();
  }));

  it('the icon toggles at once, ignores presses for 1000 ms, then toggles again (leading edge)', coverage.counted(() => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'search.toggle' });
    expect(emitted).toEqual([{ type: 'search.overlay.toggle' }]);
    clock.increment(TOGGLE_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.toggle' });
    expect(emitted).toHaveLength(1);
    clock.increment(1);
    actor.send({ type: 'search.toggle' });
    expect(emitted).toHaveLength(2);
    actor.stop();
  }));

  it('the toggle cool-down and the suggestion debounce run side by side', coverage.counted(() => {
    const { actor, clock, emitted, search } = start();
    actor.send({ type: 'search.toggle' });
    actor.send({ type: 'search.text.change', text: 'carbine' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    expect(search.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ toggle: 'coolingDown' })).toBe(true);
    clock.increment(TOGGLE_DEBOUNCE_MS - SUGGEST_DEBOUNCE_MS);
    actor.send({ type: 'search.toggle' });
    expect(emitted.filter((event) => event.type === 'search.overlay.toggle')).toHaveLength(2);
    actor.stop();
  }));

  it('up and down wrap around the suggestions; Enter opens the highlighted one and clears them', coverage.counted(async () => {
    const { actor, clock, emitted, search } = start();
    actor.send({ type: 'search.text.change', text: 'rk-1' });
    clock.increment(SUGGEST_DEBOUNCE_MS);
    search.calls[0].resolve(found);
    await flush();
    const indexes: number[] = [];
    for (const type of ['search.selection.next', 'search.selection.next', 'search.selection.next', 'search.selection.previous', 'search.selection.previous'] as const) {
      actor.send({ type });
      indexes.push(actor.getSnapshot().context.selectedIndex);
    }
    expect(indexes).toEqual([0, 1, 0, 1, 0]);
    actor.send({ type: 'search.submit' });
    expect(emitted).toEqual([{ type: 'search.suggestion.open', suggestion: found[0] }]);
    expect(actor.getSnapshot().context).toEqual({ text: '', suggestions: [], selectedIndex: -1 });
    actor.stop();
  }));

  it('Enter without a selection needs more than 1 character', coverage.counted(() => {
    const { actor, emitted } = start();
    actor.send({ type: 'search.text.change', text: ' r ' });
    actor.send({ type: 'search.submit' });
    expect(emitted).toEqual([]);
    actor.send({ type: 'search.text.change', text: 'r&d 9mm' });
    actor.send({ type: 'search.submit' });
    expect(emitted).toEqual([{ type: 'search.results.open', query: 'r&d 9mm' }]);
    actor.stop();
  }));
});

describe('search machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'search');
});
