import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { notificationMachine } from '../../machines/notification/notification.machine';
import {
  NOTIFICATION_TIMEOUT_MS,
  type NotificationEvent,
} from '../../machines/notification/notification.types';
import { createTimedTestModel } from './test-model';
import { createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for the notification banner machine (shop-core.md sections 2 and 4): every
 * shortest and simple path of the model is replayed against a real actor on a simulated clock,
 * checking each state on the way.
 */

const AUTO_HIDE = 'xstate.after.autoHide.notification.visible';

const events = [
  { type: 'notification.show', kind: 'error', text: 'Error: Network Error' },
  { type: 'notification.show', kind: 'success', text: 'Discount code applied successfully' },
  { type: 'notification.close' },
  // The delayed transition, as the traversal sees it; its executor advances the clock.
  { type: AUTO_HIDE },
] as unknown as NotificationEvent[];

const model = createTimedTestModel(notificationMachine, { events });
const coverage = createTransitionCoverage(notificationMachine);

function startActor() {
  const clock = new SimulatedClock();
  const scrollToTop = vi.fn();
  const actor = createActor(notificationMachine.provide({ actions: { scrollToTop } }), {
    clock,
    inspect: coverage.inspect,
  }).start();
  return { actor, clock, scrollToTop };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut) {
  const { actor, clock } = sut;
  let scrollsExpected = 0;
  return {
    states: {
      hidden: () => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe('hidden');
        expect(snapshot.context).toEqual({ kind: null, text: '' });
        expect(sut.scrollToTop).toHaveBeenCalledTimes(scrollsExpected);
      },
      visible: (state: { context: unknown }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe('visible');
        expect(snapshot.context).toEqual(state.context);
        // Entering (or re-entering) visible scrolls the page to the top.
        expect(sut.scrollToTop).toHaveBeenCalledTimes(scrollsExpected);
      },
    },
    events: {
      'notification.show': ({ event }: { event: NotificationEvent }) => {
        scrollsExpected += 1;
        actor.send(event);
      },
      'notification.close': ({ event }: { event: NotificationEvent }) => {
        actor.send(event);
      },
      [AUTO_HIDE]: () => {
        clock.increment(NOTIFICATION_TIMEOUT_MS - 1);
        expect(actor.getSnapshot().value).toBe('visible');
        clock.increment(1);
      },
    },
  };
}

async function runPath(path: { test: (params: never) => Promise<unknown> }) {
  const sut = startActor();
  try {
    await path.test(pathParams(sut) as never);
  } finally {
    (sut.actor as Actor<typeof notificationMachine>).stop();
  }
}

describe('notification machine: shortest paths', () => {
  const paths = model.getShortestPaths();

  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(5);
  });

  for (const path of paths) {
    it(path.description, async () => {
      await runPath(path);
    });
  }
});

describe('notification machine: simple paths', () => {
  const paths = model.getSimplePaths();

  it('has a pinned number of simple paths', () => {
    expect(paths.length).toBe(44);
  });

  for (const path of paths) {
    it(path.description, async () => {
      await runPath(path);
    });
  }
});

describe('notification machine: timing', () => {
  it('a show while visible replaces the text and restarts the 10 s timer', () => {
    const { actor, clock, scrollToTop } = startActor();
    actor.send({ type: 'notification.show', kind: 'info', text: 'first' });
    clock.increment(6_000);
    actor.send({ type: 'notification.show', kind: 'warning', text: 'second' });
    expect(actor.getSnapshot().context).toEqual({ kind: 'warning', text: 'second' });
    clock.increment(6_000);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(NOTIFICATION_TIMEOUT_MS - 6_000);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(scrollToTop).toHaveBeenCalledTimes(2);
    actor.stop();
  });

  it('closing cancels the pending auto-hide', () => {
    const { actor, clock } = startActor();
    actor.send({ type: 'notification.show', kind: 'info', text: 'first' });
    actor.send({ type: 'notification.close' });
    actor.send({ type: 'notification.show', kind: 'info', text: 'second' });
    clock.increment(NOTIFICATION_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('visible');
    actor.stop();
  });
});

describe('notification machine: transition coverage', () => {
  // Runs after the path tests above (vitest runs a file's tests in order).
  it('the generated paths cover every transition', () => {
    console.log(coverage.report('notification'));
    expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
  });
});

afterAll(() => {
  // Keep the report visible even when an earlier assertion failed.
  if (coverage.uncovered().length) console.log(coverage.report('notification'));
});
