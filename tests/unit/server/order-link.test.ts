// @vitest-environment node
// The confirmation mail's signed order link (decision 032): one order, 30 days, this key only.
import { describe, expect, it } from 'vitest';
import { ORDER_LINK_LIFETIME_MS, orderLinkUrl, signOrderLink, verifyOrderLink } from '../../../server/src/checkout/order-link';

const key = 'a-test-key-of-the-database';
const now = Date.UTC(2025, 5, 1, 12);

describe('order link tokens', () => {
  it('name the order and the expiry, and verify for that order until they expire', () => {
    const token = signOrderLink(key, 42, now + ORDER_LINK_LIFETIME_MS);
    expect(token).toMatch(/^42\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(Number(token.split('.')[1]) * 1000).toBe(now + 30 * 24 * 3600 * 1000);
    expect(verifyOrderLink(key, 42, token, now)).toBe(true);
    expect(verifyOrderLink(key, 42, token, now + ORDER_LINK_LIFETIME_MS - 1000)).toBe(true);
    expect(verifyOrderLink(key, 42, token, now + ORDER_LINK_LIFETIME_MS)).toBe(false);
  });

  it('last 30 days by default', () => {
    const before = Date.now();
    const expires = Number(signOrderLink(key, 7).split('.')[1]) * 1000;
    expect(expires).toBeGreaterThan(before + ORDER_LINK_LIFETIME_MS - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + ORDER_LINK_LIFETIME_MS);
  });

  it('refuse another order, another key, an edited expiry or signature, and anything malformed', () => {
    const token = signOrderLink(key, 42, now + 60_000);
    const [, expires, mac] = token.split('.');
    expect(verifyOrderLink(key, 43, token, now)).toBe(false);
    expect(verifyOrderLink('another-key', 42, token, now)).toBe(false);
    // The same signature moved to another order or a later expiry.
    expect(verifyOrderLink(key, 43, `43.${expires}.${mac}`, now)).toBe(false);
    expect(verifyOrderLink(key, 42, `42.${Number(expires) + 3600}.${mac}`, now)).toBe(false);
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    expect(verifyOrderLink(key, 42, `42.${expires}.${flipped}`, now)).toBe(false);
    // The spare bits of the last base64url character: the same bytes, not the token that was signed.
    expect('AEIMQUYcgkosw048').toContain(mac.at(-1));
    const sameBytes = `${mac.slice(0, 42)}${String.fromCharCode(mac.charCodeAt(42) + 1)}`;
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(verifyOrderLink(key, 42, `42.${expires}.${sameBytes}`, now)).toBe(false);
    for (const bad of [undefined, '', '42', `42.${expires}`, `${token}.x`, `042.${expires}.${mac}`, `42.${expires}.${mac.slice(1)}`, `42.-1.${mac}`, ' '.repeat(60)]) {
      expect(verifyOrderLink(key, 42, bad, now), String(bad)).toBe(false);
    }
  });

  it('go into the confirmation address', () => {
    expect(orderLinkUrl('https://shop.example/', 42, '42.1.abc')).toBe('https://shop.example/confirm/42?t=42.1.abc');
  });
});
