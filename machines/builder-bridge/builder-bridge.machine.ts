import { and, assign, emit, setup } from 'xstate';
import {
  isGuestSessionId,
  pageMessageOf,
  parseEngineMessage,
  type EngineMessage,
  type EngineMessageType,
  type PageMessage,
  type ParseResult,
} from '../../src/domain/builder-protocol';
import { listenToEngine } from './builder-bridge.actors';
import type { BridgeContext, BridgeEmitted, BridgeEvent, BridgeInput, EngineFailure, IgnoredMessage } from './builder-bridge.types';

type Received = ParseResult<EngineMessage>;
type MessageOf<TType extends EngineMessageType> = Extract<EngineMessage, { type: TType }>;

/** The engine's message carried by an `engine.message` event, read with the protocol's parser. */
function read(event: BridgeEvent): Received | null {
  return event.type === 'engine.message' ? parseEngineMessage(event.data) : null;
}

function messageOf<TType extends EngineMessageType>(event: BridgeEvent, type: TType): MessageOf<TType> | null {
  const received = read(event);
  return received?.ok && received.message.type === type ? (received.message as MessageOf<TType>) : null;
}

/**
 * The builder bridge (catalogue-and-content.md sections 4 and 8; docs/builder-protocol.md).
 *
 * - `loading`: the engine has not fully loaded. Messages from the page are queued in the order
 *   asked. The page may say it is ready meanwhile.
 * - The engine's `engine.loaded` makes the bridge ready: the queue is flushed to the engine in
 *   order. When the page is ready too (`connected`), the registered-bridge message goes first;
 *   otherwise (`open`) it goes when the page becomes ready: it is sent once both sides are ready.
 * - Once ready, page messages go to the engine at once.
 * - `engine.failed` (WebGL unavailable, or the engine broke) ends in `failed`: queued and later
 *   page messages are dropped; the page still works without the picture.
 * - In every state: a guest session id from the engine is kept only if it starts with gid_; an
 *   invalid guest id, an unknown message type or a malformed message is logged (`logIgnored`,
 *   provided by the app) and ignored. A picked part and a snapshot are passed on to the page as
 *   emitted events.
 */
export const builderBridgeMachine = setup({
  types: {
    context: {} as BridgeContext,
    events: {} as BridgeEvent,
    emitted: {} as BridgeEmitted,
    input: {} as BridgeInput,
  },
  actors: { listenToEngine },
  actions: {
    enqueue: assign({ queue: ({ context }, params: { message: PageMessage }) => [...context.queue, params.message] }),
    /** Posts one message to the engine's end of the port. */
    post: ({ context }, params: { message: PageMessage }) => context.port.postMessage(params.message),
    /** Posts every queued message, oldest first (the queue is cleared by `clearQueue` after it). */
    flushQueue: ({ context }) => {
      for (const message of context.queue) context.port.postMessage(message);
    },
    clearQueue: assign({ queue: [] }),
    postRegistered: ({ context }) => context.port.postMessage(pageMessageOf({ type: 'bridge.registered' })),
    markPageReady: assign({ pageReady: true }),
    setLoaded: assign({ renderer: (_, params: { renderer: string }) => params.renderer, failure: null }),
    setFailure: assign({ failure: (_, params: EngineFailure) => ({ reason: params.reason, message: params.message }) }),
    setGuestSession: assign({ guestSessionId: (_, params: { guestId: string }) => params.guestId }),
    emitPartPicked: emit((_, params: { slot: string }) => ({ type: 'bridge.part.picked' as const, slot: params.slot })),
    emitSnapshot: emit((_, params: { id: string; dataUrl: string }) => ({ type: 'bridge.snapshot' as const, id: params.id, dataUrl: params.dataUrl })),
    /** Section 8: logged and ignored (the app provides console.warn). */
    logIgnored: (_, _params: IgnoredMessage) => {},
  },
  guards: {
    isPageReady: ({ context }) => context.pageReady,
    isRejected: ({ event }) => read(event)?.ok === false,
    isLoaded: ({ event }) => messageOf(event, 'engine.loaded') !== null,
    isFailed: ({ event }) => messageOf(event, 'engine.failed') !== null,
    isValidGuestSession: ({ event }) => isGuestSessionId(messageOf(event, 'session.guest')?.guestId),
    isGuestSession: ({ event }) => messageOf(event, 'session.guest') !== null,
    isPartPicked: ({ event }) => messageOf(event, 'part.picked') !== null,
    isSnapshot: ({ event }) => messageOf(event, 'snapshot.ready') !== null,
  },
}).createMachine({
  id: 'builderBridge',
  context: ({ input }) => ({ port: input.port, queue: [], pageReady: false, renderer: null, failure: null, guestSessionId: null }),
  invoke: { id: 'listenToEngine', src: 'listenToEngine', input: ({ context }) => ({ port: context.port }) },
  initial: 'loading',
  on: {
    'engine.message': [
      {
        guard: 'isRejected',
        actions: {
          type: 'logIgnored',
          params: ({ event }) => {
            const received = read(event) as Extract<Received, { ok: false }>;
            return { reason: received.reason, detail: received.detail, data: event.data };
          },
        },
      },
      {
        guard: 'isFailed',
        target: '.failed',
        actions: [{ type: 'setFailure', params: ({ event }) => messageOf(event, 'engine.failed')! }, 'clearQueue'],
      },
      {
        guard: 'isValidGuestSession',
        actions: { type: 'setGuestSession', params: ({ event }) => ({ guestId: messageOf(event, 'session.guest')!.guestId }) },
      },
      {
        // Section 4: a guest session id from the builder must start with gid_ or it is rejected.
        guard: 'isGuestSession',
        actions: {
          type: 'logIgnored',
          params: ({ event }) => ({
            reason: 'invalid-guest-id' as const,
            detail: 'A guest session id from the builder must start with gid_; it was rejected.',
            data: event.data,
          }),
        },
      },
      { guard: 'isPartPicked', actions: { type: 'emitPartPicked', params: ({ event }) => messageOf(event, 'part.picked')! } },
      { guard: 'isSnapshot', actions: { type: 'emitSnapshot', params: ({ event }) => messageOf(event, 'snapshot.ready')! } },
    ],
  },
  states: {
    /** The engine is starting; the page's messages wait in the queue. */
    loading: {
      on: {
        'page.send': { actions: { type: 'enqueue', params: ({ event }) => ({ message: event.message }) } },
        'page.ready': { actions: 'markPageReady' },
        'engine.message': [
          {
            guard: and(['isLoaded', 'isPageReady']),
            target: 'connected',
            actions: [
              { type: 'setLoaded', params: ({ event }) => messageOf(event, 'engine.loaded')! },
              'postRegistered',
              'flushQueue',
              'clearQueue',
            ],
          },
          {
            guard: 'isLoaded',
            target: 'open',
            actions: [{ type: 'setLoaded', params: ({ event }) => messageOf(event, 'engine.loaded')! }, 'flushQueue', 'clearQueue'],
          },
        ],
      },
    },
    /** The engine has loaded, the page is not ready yet: messages go straight to the engine. */
    open: {
      on: {
        'page.send': { actions: { type: 'post', params: ({ event }) => ({ message: event.message }) } },
        'page.ready': { target: 'connected', actions: ['markPageReady', 'postRegistered'] },
      },
    },
    /** Both sides are ready and the registered-bridge message was sent. */
    connected: {
      on: {
        'page.send': { actions: { type: 'post', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    /** The engine cannot run; the page works without the picture. Its messages are not handled (dropped). */
    failed: {},
  },
});
