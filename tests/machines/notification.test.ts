import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { notificationMachine } from '../../machines/notification/notification.machine';
import {
  NOTIFICATION_TIMEOUT_MS,
  type NotificationEvent,
} from '../../machines/notification/notification.types';
import { AUTO_HIDE, notificationModel } from './notification-model';
import { createTimedTestModel, replayPath, shortestPaths, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the notification banner machine (shop-core.md sections 2 and 4; issue 18
 * item 5): every shortest and simple path of the model is replayed against a real actor on a
 * simulated clock, checking each state on the way: a route change clears a notice unless it
 * announces the new page (then the next one clears it), and an in-place notice does not scroll.
 */

const model = createTimedTestModel(notificationModel.machine, notificationModel.options);
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
  // What the banner should hold, advanced by the event executors.
  let expected = { kind: null as string | null, text: '', survivesNavigation: false };
  return {
    states: {
      hidden: () => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe('hidden');
        expect(snapshot.context).toEqual({ kind: null, text: '', survivesNavigation: false });
        expect(sut.scrollToTop).toHaveBeenCalledTimes(scrollsExpected);
      },
      visible: (state: { context: { kind: unknown; survivesNavigation: boolean } }) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toBe('visible');
        expect(snapshot.context).toEqual(expected);
        expect(snapshot.context).toMatchObject({ kind: state.context.kind, survivesNavigation: state.context.survivesNavigation });
        // Entering (or re-entering) visible scrolls the page to the top.
        expect(sut.scrollToTop).toHaveBeenCalledTimes(scrollsExpected);
      },
    },
    events: {
      'notification.show': ({ event }: { event: NotificationEvent }) => {
        // Only a notice answering something done in place leaves the page where it is.
        if (event.type !== 'notification.show') throw new Error('not a show event');
        if (!event.keepScroll) scrollsExpected += 1;
        expected = { kind: event.kind, text: event.text, survivesNavigation: event.survivesNavigation === true };
        actor.send(event);
      },
      'notification.routeChanged': ({ event }: { event: NotificationEvent }) => {
        const announced = expected.survivesNavigation;
        actor.send(event);
        // The announcing notice stays (once); any other is gone.
        expected = announced ? { ...expected, survivesNavigation: false } : { kind: null, text: '', survivesNavigation: false };
        expect(actor.getSnapshot().value).toBe(announced ? 'visible' : 'hidden');
      },
      'notification.close': ({ event }: { event: NotificationEvent }) => {
        expected = { kind: null, text: '', survivesNavigation: false };
        actor.send(event);
      },
      [AUTO_HIDE]: () => {
        clock.increment(NOTIFICATION_TIMEOUT_MS - 1);
        expect(actor.getSnapshot().value).toBe('visible');
        expected = { kind: null, text: '', survivesNavigation: false };
        clock.increment(1);
      },
    },
  };
}

const runPath = (path: ReplayablePath) => replayPath(path, startActor, pathParams);

describe('notification machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(notificationModel);

  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(3);
  });

  for (const path of paths) {
    it(path.description, coverage.counted(async () => {
      await runPath(path);
    }));
  }
});

/*
 * The simple paths stay (issue 20 item 5): they are the only generated paths that show a notice
 * over a visible one (the text is replaced, the scroll counted again) and that change route under a
 * notice that survives navigation. The shortest paths stop at the first notice.
 */
describe('notification machine: simple paths', () => {
  const paths = model.getSimplePaths();

  it('has a pinned number of simple paths', () => {
    expect(paths.length).toBe(14);
  });

  for (const path of paths) {
    it(path.description, coverage.counted(async () => {
      await runPath(path);
    }));
  }
});

describe('notification machine: timing', () => {
  it('a show while visible replaces the text and restarts the 10 s timer', coverage.counted(() => {
    const { actor, clock, scrollToTop } = startActor();
    actor.send({ type: 'notification.show', kind: 'info', text: 'first' });
    clock.increment(6_000);
    actor.send({ type: 'notification.show', kind: 'warning', text: 'second' });
    expect(actor.getSnapshot().context).toEqual({ kind: 'warning', text: 'second', survivesNavigation: false });
    clock.increment(6_000);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(NOTIFICATION_TIMEOUT_MS - 6_000);
    expect(actor.getSnapshot().value).toBe('hidden');
    expect(scrollToTop).toHaveBeenCalledTimes(2);
    actor.stop();
  }));

  it('closing cancels the pending auto-hide', coverage.counted(() => {
    const { actor, clock } = startActor();
    actor.send({ type: 'notification.show', kind: 'info', text: 'first' });
    actor.send({ type: 'notification.close' });
    actor.send({ type: 'notification.show', kind: 'info', text: 'second' });
    clock.increment(NOTIFICATION_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('visible');
    actor.stop();
  }));
});

describe('notification machine: messages belong to their moment', () => {
  it('a route change clears a notice; an announcing one survives one change, keeps its 10 s, and goes with the next', coverage.counted(() => {
    const { actor, clock } = startActor();
    actor.send({ type: 'notification.show', kind: 'success', text: 'Discount code applied successfully' });
    actor.send({ type: 'notification.routeChanged' });
    expect(actor.getSnapshot().value).toBe('hidden');

    actor.send({ type: 'notification.show', kind: 'success', text: 'Your details have been saved', survivesNavigation: true });
    clock.increment(4_000);
    actor.send({ type: 'notification.routeChanged' });
    expect(actor.getSnapshot().context).toEqual({ kind: 'success', text: 'Your details have been saved', survivesNavigation: false });
    clock.increment(NOTIFICATION_TIMEOUT_MS - 4_000);
    expect(actor.getSnapshot().value).toBe('hidden');

    actor.send({ type: 'notification.show', kind: 'info', text: 'announced', survivesNavigation: true });
    actor.send({ type: 'notification.routeChanged' });
    actor.send({ type: 'notification.routeChanged' });
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.stop();
  }));

  it('a new notice replaces an announcing one, and with it the right to survive', coverage.counted(() => {
    const { actor } = startActor();
    actor.send({ type: 'notification.show', kind: 'success', text: 'Your details have been saved', survivesNavigation: true });
    actor.send({ type: 'notification.show', kind: 'error', text: 'Errors in the Billing Form' });
    actor.send({ type: 'notification.routeChanged' });
    expect(actor.getSnapshot().value).toBe('hidden');
    actor.stop();
  }));

  it('an in-place notice (Add to Cart) does not scroll the page; the others do', coverage.counted(() => {
    const { actor, scrollToTop } = startActor();
    actor.send({ type: 'notification.show', kind: 'success', text: 'You added X to your shopping cart', keepScroll: true });
    actor.send({ type: 'notification.show', kind: 'success', text: 'You added Y to your shopping cart', keepScroll: true });
    expect(scrollToTop).not.toHaveBeenCalled();
    actor.send({ type: 'notification.show', kind: 'error', text: 'Error: Network Error' });
    expect(scrollToTop).toHaveBeenCalledTimes(1);
    actor.stop();
  }));
});

describe('notification machine: transition coverage', () => {
  // Runs after the path tests above (vitest runs a file's tests in order).
  itCoversEveryTransition(coverage, 'notification');
});

afterAll(() => {
  // Keep the report visible even when an earlier assertion failed.
  if (coverage.uncovered().length) console.log(coverage.report('notification'));
});
