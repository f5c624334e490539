import type { BuilderPort, EngineMessage, PageMessage, RejectReason } from '../../src/domain/builder-protocol';

/**
 * The builder bridge (catalogue-and-content.md sections 4 and 8): the page's side of the link to
 * the 3D engine. Messages are declared in src/domain/builder-protocol.ts (docs/builder-protocol.md).
 */

export type { BuilderPort, EngineMessage, PageMessage };

export interface BridgeInput {
  /** The page's end of the channel; the engine holds the other end. */
  port: BuilderPort;
}

/** Why the engine could not run, as the page tells the shopper. */
export interface EngineFailure {
  reason: 'webgl-unavailable' | 'engine-error';
  message: string;
}

export interface BridgeContext {
  port: BuilderPort;
  /** Page messages waiting for the engine, oldest first (sent in this order once it has loaded). */
  queue: PageMessage[];
  /** The page has its configuration and listens to the engine. */
  pageReady: boolean;
  /** The renderer the engine reported when it loaded (e.g. "WebGL2"). */
  renderer: string | null;
  failure: EngineFailure | null;
  /** The last guest session id the engine announced that was accepted (gid_ only). */
  guestSessionId: string | null;
}

export type BridgeEvent =
  /** The page asks for a message to go to the engine (queued until the engine has loaded). */
  | { type: 'page.send'; message: PageMessage }
  /** The page is ready: it has its configuration and listens. */
  | { type: 'page.ready' }
  /** Whatever arrived from the engine's end of the port, still unread. */
  | { type: 'engine.message'; data: unknown };

/** What the bridge tells the page (`actor.on(...)`). */
export type BridgeEmitted =
  | { type: 'bridge.part.picked'; slot: string }
  | { type: 'bridge.snapshot'; id: string; dataUrl: string };

/** What `logIgnored` is told about a message the bridge ignored (the app logs it with console.warn). */
export interface IgnoredMessage {
  reason: RejectReason | 'invalid-guest-id';
  detail: string;
  data: unknown;
}
