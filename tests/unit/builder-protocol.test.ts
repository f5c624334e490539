import { describe, expect, it } from 'vitest';
import {
  ENGINE_MESSAGE_TYPES,
  engineMessageOf,
  isGuestSessionId,
  PAGE_MESSAGE_TYPES,
  pageMessageOf,
  parseEngineMessage,
  parsePageMessage,
} from '../../src/domain/builder-protocol';

/** The builder protocol's parsers (docs/builder-protocol.md): what is accepted, and why anything else is refused. */

describe('builder protocol', () => {
  it('declares every message type both ways', () => {
    expect(PAGE_MESSAGE_TYPES).toEqual(['bridge.registered', 'build.show', 'part.focus', 'camera.reset', 'snapshot.request']);
    expect(ENGINE_MESSAGE_TYPES).toEqual(['engine.loaded', 'engine.failed', 'part.picked', 'session.guest', 'snapshot.ready']);
  });

  it('accepts well-formed messages of this version and returns them as sent', () => {
    const page = [
      pageMessageOf({ type: 'bridge.registered' }),
      pageMessageOf({ type: 'build.show', parts: [{ slot: 'finish', optionId: 'fde', label: 'Flat Dark Earth', model: { color: '#8b7355' } }] }),
      pageMessageOf({ type: 'part.focus', slot: null }),
      pageMessageOf({ type: 'camera.reset' }),
      pageMessageOf({ type: 'snapshot.request', id: 'a1' }),
    ];
    for (const message of page) expect(parsePageMessage(JSON.parse(JSON.stringify(message)))).toEqual({ ok: true, message });
    const engine = [
      engineMessageOf({ type: 'engine.loaded', renderer: 'WebGL2' }),
      engineMessageOf({ type: 'engine.failed', reason: 'webgl-unavailable', message: 'no WebGL' }),
      engineMessageOf({ type: 'part.picked', slot: 'optic' }),
      engineMessageOf({ type: 'session.guest', guestId: 'gid_x' }),
      engineMessageOf({ type: 'snapshot.ready', id: 'a1', dataUrl: 'data:image/png;base64,AAAA' }),
    ];
    for (const message of engine) expect(parseEngineMessage(message)).toEqual({ ok: true, message });
  });

  it('refuses what is not a message, an unknown type, another version and a malformed message, saying why', () => {
    expect(parseEngineMessage('engine.loaded')).toMatchObject({ ok: false, reason: 'not-a-message', type: null });
    expect(parseEngineMessage({ v: 1, type: 7 })).toMatchObject({ ok: false, reason: 'not-a-message' });
    expect(parseEngineMessage({ v: 1, type: 'build.show', parts: [] })).toMatchObject({ ok: false, reason: 'unknown-type', type: 'build.show' });
    expect(parsePageMessage({ v: 1, type: 'engine.loaded', renderer: 'x' })).toMatchObject({ ok: false, reason: 'unknown-type' });
    expect(parseEngineMessage({ type: 'engine.loaded', renderer: 'x' })).toMatchObject({ ok: false, reason: 'unsupported-version' });
    expect(parseEngineMessage({ v: 2, type: 'engine.loaded', renderer: 'x' })).toMatchObject({
      ok: false,
      reason: 'unsupported-version',
      detail: 'Builder protocol version 2 is not supported (expected 1).',
    });
    expect(parseEngineMessage({ v: 1, type: 'engine.failed', reason: 'bored', message: '' })).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parseEngineMessage({ v: 1, type: 'snapshot.ready', id: 'a', dataUrl: 'javascript:alert(1)' })).toMatchObject({ ok: false, reason: 'malformed' });
    expect(parsePageMessage({ v: 1, type: 'build.show', parts: [{ slot: 'x', optionId: 'y', label: 'z', model: { nested: {} } }] })).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
    const malformed = parseEngineMessage({ v: 1, type: 'part.picked' });
    expect(malformed.ok ? '' : malformed.detail).toMatch(/^Malformed "part.picked" message: slot /);
  });

  it('a guest session id must start with gid_ and carry something after it', () => {
    expect(isGuestSessionId('gid_8TqL0')).toBe(true);
    for (const value of ['gid_', 'GID_abc', 'guest_abc', ' gid_abc', '', null, 42]) expect(isGuestSessionId(value)).toBe(false);
  });
});
