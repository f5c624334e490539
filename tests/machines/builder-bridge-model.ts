import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { builderBridgeMachine } from '../../machines/builder-bridge/builder-bridge.machine';
import type { BridgeEvent } from '../../machines/builder-bridge/builder-bridge.types';
import { pageMessageOf, type BuilderPort } from '../../src/domain/builder-protocol';
import { edgeOf, labelIn, type PathModel } from './test-model';

/**
 * The builder bridge's path model (shared by tests/machines/builder-bridge.test.ts and the
 * scenario docs, docs/machines/builder-bridge.md): the page's and the engine's sample messages.
 */

export const show = pageMessageOf({ type: 'build.show', parts: [{ slot: 'barrel', optionId: 'brl-16', label: '16 in.', model: { length: 16 } }] });
export const reset = pageMessageOf({ type: 'camera.reset' });

export const engine = {
  loaded: { v: 1, type: 'engine.loaded', renderer: 'WebGL2' },
  noWebgl: { v: 1, type: 'engine.failed', reason: 'webgl-unavailable', message: 'WebGL is not supported' },
  broke: { v: 1, type: 'engine.failed', reason: 'engine-error', message: 'Context lost' },
  guest: { v: 1, type: 'session.guest', guestId: 'gid_9f8e7d6c5b4a' },
  badGuest: { v: 1, type: 'session.guest', guestId: 'guest_9f8e7d6c5b4a' },
  picked: { v: 1, type: 'part.picked', slot: 'handguard' },
  snapshot: { v: 1, type: 'snapshot.ready', id: 'shot-1', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' },
  unknown: { v: 1, type: 'engine.teleport', to: 'moon' },
  malformed: { v: 1, type: 'part.picked' },
  otherVersion: { v: 2, type: 'engine.loaded', renderer: 'WebGPU' },
};

const labelled: [string, AnyEventObject][] = [
  ['page ready', { type: 'page.ready' }],
  ['send show', { type: 'page.send', message: show }],
  ['send reset', { type: 'page.send', message: reset }],
  ...Object.entries(engine).map(([name, data]): [string, AnyEventObject] => [`engine ${name}`, { type: 'engine.message', data }]),
];
const events = labelled.map(([, event]) => event) as unknown as BridgeEvent[];
export const labelOf = labelIn(labelled);

/** The traversal's port: the model only reads the machine, nothing is posted or listened to. */
const modelPort: BuilderPort = { postMessage: () => {}, addEventListener: () => {}, removeEventListener: () => {}, start: () => {} };

export function serialize(state: Pick<SnapshotFrom<typeof builderBridgeMachine>, 'value' | 'context'>) {
  const { queue, pageReady, renderer, failure, guestSessionId } = state.context;
  return { value: state.value, queue: queue.map((message) => message.type), pageReady, renderer, failure: failure?.reason ?? null, guest: guestSessionId };
}

export const builderBridgeModel: PathModel<typeof builderBridgeMachine> = {
  machine: builderBridgeMachine,
  options: {
    events,
    // Page messages are asked while at most two wait: enough to see the queue's order, and the
    // graph stays finite.
    filterEvents: (state, event) => event.type !== 'page.send' || state.context.queue.length < 2,
    // A node is an edge (previous state, event, state), so the shortest paths take every
    // transition, including those that stay in a state (a logged message, a second page message).
    serializeState: edgeOf(serialize, labelOf),
  },
  starts: [{ name: '', input: { port: modelPort } }],
  labelOf,
};
