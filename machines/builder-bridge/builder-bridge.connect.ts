import type { SnapshotFrom } from 'xstate';
import { pageMessageOf, type ShownPart } from '../../src/domain/builder-protocol';
import type { builderBridgeMachine } from './builder-bridge.machine';
import type { BridgeEvent } from './builder-bridge.types';

type BridgeSnapshot = SnapshotFrom<typeof builderBridgeMachine>;
type Send = (event: BridgeEvent) => void;

export type EngineStatus = 'loading' | 'ready' | 'failed';

/** Shown where the 3D view would be when WebGL is unavailable (the page still sells the build). */
export const WEBGL_UNAVAILABLE_TEXT =
  'The 3D view needs WebGL, which this browser or device does not offer. You can still choose every part and add your build to the cart.';
export const ENGINE_ERROR_TEXT = 'The 3D view could not start. You can still choose every part and add your build to the cart.';

/** A bridge snapshot as the builder page needs it: the engine's status and the page's intents. */
export function connect(snapshot: BridgeSnapshot, send: Send) {
  const { failure } = snapshot.context;
  const status: EngineStatus = snapshot.matches('failed') ? 'failed' : snapshot.matches('loading') ? 'loading' : 'ready';
  return {
    status,
    failureText: failure ? (failure.reason === 'webgl-unavailable' ? WEBGL_UNAVAILABLE_TEXT : ENGINE_ERROR_TEXT) : null,
    renderer: snapshot.context.renderer,
    guestSessionId: snapshot.context.guestSessionId,
    ready: () => send({ type: 'page.ready' }),
    show: (parts: ShownPart[]) => send({ type: 'page.send', message: pageMessageOf({ type: 'build.show', parts }) }),
    focusPart: (slot: string | null) => send({ type: 'page.send', message: pageMessageOf({ type: 'part.focus', slot }) }),
    resetCamera: () => send({ type: 'page.send', message: pageMessageOf({ type: 'camera.reset' }) }),
    requestSnapshot: (id: string) => send({ type: 'page.send', message: pageMessageOf({ type: 'snapshot.request', id }) }),
  };
}

export type BridgeApi = ReturnType<typeof connect>;
