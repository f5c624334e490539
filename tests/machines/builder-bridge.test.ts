import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connect, ENGINE_ERROR_TEXT, WEBGL_UNAVAILABLE_TEXT } from '../../machines/builder-bridge/builder-bridge.connect';
import { builderBridgeMachine } from '../../machines/builder-bridge/builder-bridge.machine';
import type { BridgeEmitted, BridgeEvent, IgnoredMessage } from '../../machines/builder-bridge/builder-bridge.types';
import { pageMessageOf, parseEngineMessage, type BuilderPort, type PageMessage } from '../../src/domain/builder-protocol';
import { builderBridgeModel, engine, labelOf, reset, show } from './builder-bridge-model';
import { flush } from './fake-actors';
import { shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the builder bridge (catalogue-and-content.md sections 4 and 8): every
 * shortest path of the model is replayed against a real actor whose engine end is a fake port
 * (the real listener actor reads it), checking on each step the state, the context, exactly what
 * reached the engine and in which order (nothing before the engine has loaded; then the queue in
 * order; the registered-bridge message once, when both sides are ready), what was logged and
 * ignored (unknown type, malformed, other version, a guest id without gid_), the accepted guest
 * session, and what the page was told. The coverage report checks every transition is taken.
 */

const REGISTERED = pageMessageOf({ type: 'bridge.registered' });

/** A port whose engine end the test plays: it records what the page posted and delivers engine messages. */
function createFakePort() {
  const listeners = new Set<(event: { data: unknown }) => void>();
  const posted: PageMessage[] = [];
  const port: BuilderPort = {
    postMessage: (message) => posted.push(structuredClone(message) as PageMessage),
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    start: vi.fn(),
  };
  return { port, posted, listeners, deliver: (data: unknown) => listeners.forEach((listener) => listener({ data })) };
}

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof builderBridgeMachine>>['getSnapshot']>;

function title(path: { state: { value: unknown }; steps: { event: { type: string } }[] }) {
  const steps = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
  return `${JSON.stringify(path.state.value).replaceAll('"', '')} via ${steps.map(labelOf).join(' → ') || '(start)'}`;
}

const coverage = createTransitionCoverage(builderBridgeMachine);

function startActor() {
  const fake = createFakePort();
  const logged: IgnoredMessage[] = [];
  const machine = builderBridgeMachine.provide({ actions: { logIgnored: (_, params) => logged.push(params) } });
  const actor = createActor(machine, { input: { port: fake.port }, inspect: coverage.inspect });
  const emitted: BridgeEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fake, logged, emitted };
}

type Sut = ReturnType<typeof startActor>;

/**
 * The test's own account of the rules: what the engine must have received, what must have been
 * logged and what the page must have been told after each step.
 */
function pathParams({ actor, fake, logged, emitted }: Sut) {
  const expected = { posted: [] as PageMessage[], queue: [] as PageMessage[], logged: [] as string[], emitted: [] as BridgeEmitted[] };
  let engineLoaded = false;
  let pageReady = false;
  let failed = false;
  let registered = false;

  const invariants = (state: { value: unknown; context: Snapshot['context'] }) => {
    const current = actor.getSnapshot();
    expect(current.value).toEqual(state.value);
    const { port: _port, ...context } = current.context;
    const { port: _modelPort, ...modelContext } = state.context;
    expect(context).toEqual(modelContext);
    expect(fake.posted).toEqual(expected.posted);
    expect(current.context.queue).toEqual(expected.queue);
    expect(logged.map((entry) => entry.reason)).toEqual(expected.logged);
    expect(emitted).toEqual(expected.emitted);
    // Nothing reaches the engine before it has loaded; registered goes once, and only with both sides ready.
    if (!engineLoaded) expect(fake.posted).toEqual([]);
    const registrations = fake.posted.filter((message) => message.type === 'bridge.registered');
    expect(registrations).toHaveLength(registered ? 1 : 0);
    if (registered) expect(engineLoaded && pageReady).toBe(true);
    if (current.context.guestSessionId !== null) expect(current.context.guestSessionId).toMatch(/^gid_/);
    // What the page is given.
    const view = connect(current, actor.send);
    expect(view.status).toBe(current.matches('failed') ? 'failed' : current.matches('loading') ? 'loading' : 'ready');
    expect(view.failureText).toBe(
      current.context.failure === null ? null : current.context.failure.reason === 'webgl-unavailable' ? WEBGL_UNAVAILABLE_TEXT : ENGINE_ERROR_TEXT,
    );
  };

  const fromPage = ({ event }: { event: BridgeEvent }) => {
    if (event.type === 'page.ready' && !pageReady) {
      pageReady = true;
      if (engineLoaded && !failed) {
        expected.posted.push(REGISTERED);
        registered = true;
      }
    }
    if (event.type === 'page.send' && !failed) {
      if (engineLoaded) expected.posted.push(event.message);
      else expected.queue.push(event.message);
    }
    actor.send(event);
  };

  const fromEngine = ({ event }: { event: { data: unknown } }) => {
    const parsed = parseEngineMessage(event.data);
    if (!parsed.ok) expected.logged.push(parsed.reason);
    else {
      const message = parsed.message;
      if (message.type === 'engine.loaded' && !engineLoaded && !failed) {
        engineLoaded = true;
        if (pageReady) {
          expected.posted.push(REGISTERED);
          registered = true;
        }
        expected.posted.push(...expected.queue);
        expected.queue = [];
      }
      if (message.type === 'engine.failed') {
        failed = true;
        expected.queue = [];
      }
      if (message.type === 'session.guest' && !message.guestId.startsWith('gid_')) expected.logged.push('invalid-guest-id');
      if (message.type === 'part.picked') expected.emitted.push({ type: 'bridge.part.picked', slot: message.slot });
      if (message.type === 'snapshot.ready') expected.emitted.push({ type: 'bridge.snapshot', id: message.id, dataUrl: message.dataUrl });
    }
    // Through the port, read by the bridge's own listener actor.
    fake.deliver(event.data);
  };

  return {
    states: { loading: invariants, open: invariants, connected: invariants, failed: invariants },
    events: { 'page.ready': fromPage, 'page.send': fromPage, 'engine.message': fromEngine },
  };
}

const runPath = (path: ReplayablePath) => replayPath(path, startActor, pathParams);

const PINNED_SHORTEST = 495;

describe('builder bridge machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(builderBridgeModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_SHORTEST);
  });
  for (const path of paths) it(title(path), coverage.counted(() => runPath(path)));
});

describe('builder bridge machine: rules', () => {
  it('flushes the queue in the order asked, after the registered-bridge message, once both sides are ready', coverage.counted(() => {
    const { actor, fake } = startActor();
    const focus = pageMessageOf({ type: 'part.focus', slot: 'optic' });
    actor.send({ type: 'page.send', message: show });
    actor.send({ type: 'page.send', message: focus });
    actor.send({ type: 'page.send', message: reset });
    actor.send({ type: 'page.ready' });
    expect(fake.posted).toEqual([]);
    fake.deliver(engine.loaded);
    expect(fake.posted).toEqual([REGISTERED, show, focus, reset]);
    expect(actor.getSnapshot().value).toBe('connected');
    actor.stop();
  }));

  it('an engine that loads before the page is ready gets the queue at once and registered when the page is ready', coverage.counted(() => {
    const { actor, fake } = startActor();
    actor.send({ type: 'page.send', message: show });
    fake.deliver(engine.loaded);
    expect(fake.posted).toEqual([show]);
    actor.send({ type: 'page.send', message: reset });
    actor.send({ type: 'page.ready' });
    actor.send({ type: 'page.ready' });
    expect(fake.posted).toEqual([show, reset, REGISTERED]);
    actor.stop();
  }));

  it('rejects a guest id without gid_ and keeps the last accepted one', coverage.counted(() => {
    const { actor, fake, logged } = startActor();
    fake.deliver(engine.guest);
    fake.deliver(engine.badGuest);
    fake.deliver({ v: 1, type: 'session.guest', guestId: 'gid_' });
    expect(actor.getSnapshot().context.guestSessionId).toBe('gid_9f8e7d6c5b4a');
    expect(logged.map((entry) => [entry.reason, entry.data])).toEqual([
      ['invalid-guest-id', engine.badGuest],
      ['invalid-guest-id', { v: 1, type: 'session.guest', guestId: 'gid_' }],
    ]);
    actor.stop();
  }));

  it('logs and ignores what is not a builder message', coverage.counted(() => {
    const { actor, fake, logged } = startActor();
    for (const data of ['engine.loaded', null, [engine.loaded], { v: 1 }, engine.unknown, engine.malformed, engine.otherVersion]) fake.deliver(data);
    expect(logged.map((entry) => entry.reason)).toEqual([
      'not-a-message',
      'not-a-message',
      'not-a-message',
      'not-a-message',
      'unknown-type',
      'malformed',
      'unsupported-version',
    ]);
    expect(logged[4].detail).toBe('Unknown builder message type "engine.teleport".');
    expect(actor.getSnapshot().value).toBe('loading');
    actor.stop();
  }));

  it('speaks through a real MessageChannel and stops listening when stopped', coverage.counted(async () => {
    const channel = new MessageChannel();
    const received: unknown[] = [];
    channel.port2.onmessage = (event) => received.push(event.data);
    const actor = createActor(builderBridgeMachine, { input: { port: channel.port1 as unknown as BuilderPort } });
    actor.start();
    actor.send({ type: 'page.send', message: show });
    actor.send({ type: 'page.ready' });
    channel.port2.postMessage(engine.loaded);
    await vi.waitFor(() => expect(received).toEqual([REGISTERED, show]));
    expect(actor.getSnapshot().context.renderer).toBe('WebGL2');
    actor.stop();
    channel.port2.postMessage(engine.guest);
    await flush(20);
    expect(actor.getSnapshot().context.guestSessionId).toBeNull();
    channel.port1.close();
    channel.port2.close();
  }));
});

describe('builder bridge machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'builder bridge');
});
