import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { consentMachine } from '../../machines/consent/consent.machine';
import {
  INACTIVITY_TIMEOUT_MS,
  parseStoredConsent,
  type AnalyticsEvent,
  type ConsentEvent,
  type ConsentInput,
  type StoredConsent,
} from '../../machines/consent/consent.types';
import { createTimedTestModel } from './test-model';
import { createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for analytics consent (shop-core.md sections 2, 3, 4, 9): undecided (modal),
 * accepted (page views, inactivity after 30 s), declined. Every shortest and simple path from the
 * three starts the app has (no stored decision, stored accept, stored decline) is replayed against
 * a real actor on a simulated clock with spied side effects; on every step the safety property
 * "no analytics call outside accepted" is checked.
 */

const AFTER_INACTIVITY = 'xstate.after.inactivity.consent.accepted.active';
const START_PATH = '/';
const OTHER_PATH = '/about-us';

const events = [
  { type: 'consent.accept' },
  { type: 'consent.decline' },
  { type: 'consent.page.viewed', path: OTHER_PATH },
  { type: 'consent.activity' },
  { type: AFTER_INACTIVITY },
] as unknown as ConsentEvent[];

const accepted: StoredConsent = { value: true, decidedAt: '2026-01-02T03:04:05.000Z' };
const declined: StoredConsent = { value: false, decidedAt: '2026-01-02T03:04:05.000Z' };

const starts: { name: string; input: ConsentInput }[] = [
  { name: 'on a first visit', input: { stored: null, path: START_PATH } },
  { name: 'with a stored acceptance', input: { stored: accepted, path: START_PATH } },
  { name: 'with a stored refusal', input: { stored: declined, path: START_PATH } },
];

const pinned: Record<string, { shortest: number; simple: number }> = {
  'on a first visit': { shortest: 4, simple: 5 },
  'with a stored acceptance': { shortest: 2, simple: 2 },
  'with a stored refusal': { shortest: 1, simple: 1 },
};

const coverage = createTransitionCoverage(consentMachine);

// The decision's timestamp is left out: the paths are about states, the stored value and the page.
const model = createTimedTestModel(consentMachine, {
  events,
  serializeState: (state) =>
    JSON.stringify({ value: state.value, decided: state.context.stored?.value ?? null, path: state.context.path }),
});

function startActor(input: ConsentInput) {
  const clock = new SimulatedClock();
  const sent: AnalyticsEvent[] = [];
  const storeDecision = vi.fn();
  const watching = { count: 0 };
  const actor = createActor(
    consentMachine.provide({
      actions: {
        storeDecision: (_, params) => storeDecision(params.stored),
        sendAnalytics: (_, params) => {
          sent.push(params);
        },
      },
      actors: {
        watchActivity: fromCallback(() => {
          watching.count += 1;
          return () => {
            watching.count -= 1;
          };
        }),
      },
    }),
    { input, clock, inspect: coverage.inspect },
  ).start();
  return { actor, clock, sent, storeDecision, watching, input };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut) {
  const { actor, clock, sent, watching } = sut;
  // What the model expects so far, advanced by the event executors.
  let pageViews = sut.input.stored?.value === true ? 1 : 0;
  let inactivity = 0;
  let storedWrites = 0;
  const count = (type: AnalyticsEvent['type']) => sent.filter((event) => event.type === type).length;

  const noTracking = () => {
    expect(sent).toEqual([]);
    expect(watching.count).toBe(0);
    expect(sut.storeDecision).toHaveBeenCalledTimes(storedWrites);
  };

  return {
    states: {
      undecided: () => {
        expect(actor.getSnapshot().value).toBe('undecided');
        expect(actor.getSnapshot().context.stored).toBeNull();
        noTracking();
      },
      declined: () => {
        expect(actor.getSnapshot().value).toBe('declined');
        expect(actor.getSnapshot().context.stored?.value).toBe(false);
        noTracking();
      },
      'accepted.active': () => {
        expect(actor.getSnapshot().matches({ accepted: 'active' })).toBe(true);
        expect(actor.getSnapshot().context.stored?.value).toBe(true);
        expect(count('page_view')).toBe(pageViews);
        expect(count('inactivity')).toBe(inactivity);
        expect(watching.count).toBe(1);
        expect(sent.every((event) => !Number.isNaN(Date.parse(event.at)))).toBe(true);
        expect(sut.storeDecision).toHaveBeenCalledTimes(storedWrites);
      },
      'accepted.idle': () => {
        expect(actor.getSnapshot().matches({ accepted: 'idle' })).toBe(true);
        expect(count('page_view')).toBe(pageViews);
        expect(count('inactivity')).toBe(inactivity);
        expect(sent.filter((event) => event.type === 'inactivity').at(-1)?.path).toMatch(/^\//);
        expect(watching.count).toBe(1);
      },
    },
    events: {
      'consent.accept': () => {
        const before = actor.getSnapshot();
        actor.send({ type: 'consent.accept' });
        if (before.matches('undecided')) {
          storedWrites += 1;
          pageViews += 1; // the page the visitor is on
          expect(sut.storeDecision).toHaveBeenLastCalledWith({ value: true, decidedAt: expect.any(String) });
          expect(sent.at(-1)).toMatchObject({ type: 'page_view', path: before.context.path });
        }
      },
      'consent.decline': () => {
        const before = actor.getSnapshot();
        actor.send({ type: 'consent.decline' });
        if (before.matches('undecided')) {
          storedWrites += 1;
          expect(sut.storeDecision).toHaveBeenLastCalledWith({ value: false, decidedAt: expect.any(String) });
        }
      },
      'consent.page.viewed': ({ event }: { event: ConsentEvent }) => {
        if (actor.getSnapshot().matches('accepted')) pageViews += 1;
        actor.send(event);
        expect(actor.getSnapshot().context.path).toBe(OTHER_PATH);
      },
      'consent.activity': () => {
        actor.send({ type: 'consent.activity' });
      },
      [AFTER_INACTIVITY]: () => {
        clock.increment(INACTIVITY_TIMEOUT_MS - 1);
        expect(actor.getSnapshot().matches({ accepted: 'active' })).toBe(true);
        inactivity += 1;
        clock.increment(1);
      },
    },
  };
}

async function runPath(input: ConsentInput, path: { test: (params: never) => Promise<unknown> }) {
  const sut = startActor(input);
  try {
    await path.test(pathParams(sut) as never);
  } finally {
    sut.actor.stop();
  }
}

for (const start of starts) {
  describe(`consent machine ${start.name}: shortest paths`, () => {
    const paths = model.getShortestPaths({ input: start.input });
    it('has a pinned number of shortest paths', () => {
      expect(paths.length).toBe(pinned[start.name].shortest);
    });
    for (const path of paths) it(path.description, async () => runPath(start.input, path));
  });

  describe(`consent machine ${start.name}: simple paths`, () => {
    const paths = model.getSimplePaths({ input: start.input });
    it('has a pinned number of simple paths', () => {
      expect(paths.length).toBe(pinned[start.name].simple);
    });
    for (const path of paths) it(path.description, async () => runPath(start.input, path));
  });
}

describe('consent machine: timing', () => {
  it('activity restarts the 30 s; one inactivity event per idle spell', () => {
    const { actor, clock, sent } = startActor({ stored: accepted, path: '/' });
    clock.increment(20_000);
    actor.send({ type: 'consent.activity' });
    clock.increment(20_000);
    expect(sent.map((event) => event.type)).toEqual(['page_view']);
    clock.increment(10_000);
    expect(sent.map((event) => event.type)).toEqual(['page_view', 'inactivity']);
    clock.increment(120_000);
    expect(sent.filter((event) => event.type === 'inactivity')).toHaveLength(1);
    actor.send({ type: 'consent.activity' });
    clock.increment(INACTIVITY_TIMEOUT_MS);
    expect(sent.filter((event) => event.type === 'inactivity')).toHaveLength(2);
    actor.stop();
  });

  it('nothing is sent before acceptance, however long the visitor stays undecided', () => {
    const { actor, clock, sent } = startActor({ stored: null, path: '/' });
    actor.send({ type: 'consent.page.viewed', path: '/faq' });
    clock.increment(10 * INACTIVITY_TIMEOUT_MS);
    expect(sent).toEqual([]);
    actor.send({ type: 'consent.accept' });
    expect(sent).toEqual([{ type: 'page_view', path: '/faq', at: expect.any(String) }]);
    actor.stop();
  });
});

describe('parseStoredConsent', () => {
  it('reads a well-formed decision and ignores anything else', () => {
    expect(parseStoredConsent(JSON.stringify(accepted))).toEqual(accepted);
    expect(parseStoredConsent(JSON.stringify(declined))).toEqual(declined);
    for (const raw of [null, '', 'true', '{', '{"value":"yes","decidedAt":"2026-01-01T00:00:00Z"}', '{"value":true}', '{"value":true,"decidedAt":"soon"}']) {
      expect(parseStoredConsent(raw)).toBeNull();
    }
  });
});

describe('consent machine: transition coverage', () => {
  it('the generated paths cover every transition', () => {
    console.log(coverage.report('consent'));
    expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
  });
});

afterAll(() => {
  if (coverage.uncovered().length) console.log(coverage.report('consent'));
});
