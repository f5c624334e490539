import { z } from 'zod';

/**
 * The 3D builder's message protocol (catalogue-and-content.md sections 4 and 8; docs/builder-protocol.md):
 * every message the page and the 3D engine exchange, both ways, in one place. The page side is
 * the builder bridge machine (machines/builder-bridge), the engine side the Babylon.js engine
 * (src/features/builder/engine); another engine (in an iframe, over postMessage) speaks the same
 * messages. Messages are plain JSON objects with a `type` and the protocol version `v`; anything
 * else is rejected by the parsers below, which never throw.
 */

export const BUILDER_PROTOCOL_VERSION = 1;

/** A guest session id from the builder is accepted only with this prefix (section 4). */
export const GUEST_SESSION_PREFIX = 'gid_';

/** Section 4: a guest session id sent from the builder must start with gid_ or it is rejected. */
export function isGuestSessionId(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(GUEST_SESSION_PREFIX) && value.length > GUEST_SESSION_PREFIX.length;
}

/** What the engine needs to draw a part: the definition's `model` object (never read by the server). */
const partModel = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type PartModel = z.infer<typeof partModel>;

const version = z.literal(BUILDER_PROTOCOL_VERSION);
const slotKey = z.string().min(1).max(64);

/** One chosen part of the configuration shown. */
const shownPart = z.object({
  slot: slotKey,
  optionId: z.string().min(1),
  label: z.string(),
  model: partModel,
});
export type ShownPart = z.infer<typeof shownPart>;

const pageMessages = [
  /** Both sides are ready: the page has its configuration and listens; the engine has loaded. */
  z.object({ v: version, type: z.literal('bridge.registered') }),
  /** The whole configuration to show, slot by slot; a slot left out (no optic) shows nothing. */
  z.object({ v: version, type: z.literal('build.show'), parts: z.array(shownPart) }),
  /** Highlight the part of a slot (its picker has focus), or none. */
  z.object({ v: version, type: z.literal('part.focus'), slot: slotKey.nullable() }),
  /** Put the orbit camera back to its starting view. */
  z.object({ v: version, type: z.literal('camera.reset') }),
  /** Ask for a PNG image of the current view, answered by `snapshot.ready` with the same id. */
  z.object({ v: version, type: z.literal('snapshot.request'), id: z.string().min(1).max(64) }),
] as const;

const engineMessages = [
  /** The engine has fully loaded and drawn its first frame: the bridge becomes ready. */
  z.object({ v: version, type: z.literal('engine.loaded'), renderer: z.string() }),
  /** The engine cannot run: WebGL is unavailable, or it failed while starting. */
  z.object({
    v: version,
    type: z.literal('engine.failed'),
    reason: z.enum(['webgl-unavailable', 'engine-error']),
    message: z.string(),
  }),
  /** The shopper clicked or tapped a part in the scene. */
  z.object({ v: version, type: z.literal('part.picked'), slot: slotKey }),
  /** The guest session the engine works for (an engine that keeps its own session); gid_ only. */
  z.object({ v: version, type: z.literal('session.guest'), guestId: z.string() }),
  /** The image asked for by `snapshot.request`. */
  z.object({
    v: version,
    type: z.literal('snapshot.ready'),
    id: z.string().min(1).max(64),
    dataUrl: z.string().startsWith('data:image/png;base64,'),
  }),
] as const;

const pageMessage = z.discriminatedUnion('type', pageMessages);
const engineMessage = z.discriminatedUnion('type', engineMessages);

/** Page -> engine. */
export type PageMessage = z.infer<typeof pageMessage>;
/** Engine -> page. */
export type EngineMessage = z.infer<typeof engineMessage>;
export type PageMessageType = PageMessage['type'];
export type EngineMessageType = EngineMessage['type'];

export const PAGE_MESSAGE_TYPES = pageMessages.map((schema) => schema.shape.type.value) as readonly PageMessageType[];
export const ENGINE_MESSAGE_TYPES = engineMessages.map((schema) => schema.shape.type.value) as readonly EngineMessageType[];

/** Why a message was refused. */
export type RejectReason = 'not-a-message' | 'unknown-type' | 'unsupported-version' | 'malformed';

export type ParseResult<TMessage> =
  | { ok: true; message: TMessage }
  | { ok: false; reason: RejectReason; /** The message's type when it had a text one. */ type: string | null; detail: string };

function parseWith<TMessage>(
  schema: z.ZodType<TMessage>,
  known: readonly string[],
  data: unknown,
): ParseResult<TMessage> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, reason: 'not-a-message', type: null, detail: 'A builder message is a JSON object.' };
  }
  const { type, v } = data as { type?: unknown; v?: unknown };
  if (typeof type !== 'string') return { ok: false, reason: 'not-a-message', type: null, detail: 'A builder message has a text type.' };
  if (!known.includes(type)) return { ok: false, reason: 'unknown-type', type, detail: `Unknown builder message type "${type}".` };
  if (v !== BUILDER_PROTOCOL_VERSION) {
    return { ok: false, reason: 'unsupported-version', type, detail: `Builder protocol version ${String(v)} is not supported (expected ${BUILDER_PROTOCOL_VERSION}).` };
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: 'malformed', type, detail: `Malformed "${type}" message: ${issue.path.join('.') || 'message'} ${issue.message}.` };
  }
  return { ok: true, message: parsed.data };
}

/** Reads a message the engine sent to the page; malformed, unknown or other-version messages are refused. */
export function parseEngineMessage(data: unknown): ParseResult<EngineMessage> {
  return parseWith(engineMessage, ENGINE_MESSAGE_TYPES, data);
}

/** Reads a message the page sent to the engine (the engine side of the protocol). */
export function parsePageMessage(data: unknown): ParseResult<PageMessage> {
  return parseWith(pageMessage, PAGE_MESSAGE_TYPES, data);
}

type Without<TMessage, TKey extends string> = TMessage extends unknown ? Omit<TMessage, TKey> : never;

/** A page message with its version filled in. */
export function pageMessageOf(message: Without<PageMessage, 'v'>): PageMessage {
  return { v: BUILDER_PROTOCOL_VERSION, ...message } as PageMessage;
}

/** An engine message with its version filled in. */
export function engineMessageOf(message: Without<EngineMessage, 'v'>): EngineMessage {
  return { v: BUILDER_PROTOCOL_VERSION, ...message } as EngineMessage;
}

/**
 * The transport both sides speak through: the part of the DOM's MessagePort they use. A
 * MessageChannel's ports fit (the page keeps one, the engine gets the other; an iframe engine
 * receives its port by `postMessage(…, [port])`).
 */
export interface BuilderPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  /** MessagePort needs `start()` when listened to with addEventListener. */
  start?(): void;
  close?(): void;
}
