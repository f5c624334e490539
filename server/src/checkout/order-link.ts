import { createHmac, timingSafeEqual } from 'node:crypto';
import { databaseSecret } from '../db/app-meta';
import type { Db } from '../db/client';

/**
 * The signed link of the order confirmation mail (decision 032): `/confirm/{id}?t={token}` opens
 * that one order, read-only, in any browser for 30 days. The token is
 *
 *   {orderId}.{expires}.{signature}
 *
 * with `expires` in Unix seconds and `signature` the base64url HMAC-SHA256 of
 * `order-link.v1.{orderId}.{expires}`. The key is made once per database and kept in app_meta,
 * as the captcha's HMAC key and the identity provider's cookie keys are (every server on one
 * database accepts the links; a restart does not break them), under a name of its own so each
 * key signs one kind of thing.
 */
const LINK_KEY = 'order_link_hmac_key';
const PURPOSE = 'order-link.v1';

/** How long a mailed order link opens its order. */
export const ORDER_LINK_LIFETIME_MS = 30 * 24 * 60 * 60_000;

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const signature = (key: string, orderId: number, expires: number) =>
  createHmac('sha256', key).update(`${PURPOSE}.${orderId}.${expires}`).digest();

/** The token of one order, good until `expiresAt` (by default 30 days from now). */
export function signOrderLink(key: string, orderId: number, expiresAt: number = Date.now() + ORDER_LINK_LIFETIME_MS): string {
  const expires = Math.floor(expiresAt / 1000);
  return `${orderId}.${expires}.${signature(key, orderId, expires).toString('base64url')}`;
}

/**
 * Whether `token` was signed with `key` for exactly `orderId` and has not expired at `now`. A
 * malformed, forged, expired or other order's token is false; the signature is compared in
 * constant time.
 */
export function verifyOrderLink(key: string, orderId: number, token: string | undefined, now: number = Date.now()): boolean {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return false;
  const [, id, expiresText, mac] = match;
  const expires = Number(expiresText);
  if (Number(id) !== orderId || expires * 1000 <= now) return false;
  // Compared as text: the one canonical encoding (base64url's spare bits would allow others).
  const given = Buffer.from(mac);
  const expected = Buffer.from(signature(key, orderId, expires).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const keys = new WeakMap<Db, Promise<string>>();

/** The database's order-link key, read (or made) once per database handle. */
export function orderLinkKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = databaseSecret(db, LINK_KEY).catch((error: unknown) => {
      keys.delete(db);
      throw error;
    });
    keys.set(db, key);
  }
  return key;
}

/** The confirmation page's address of one order, with its signed token. */
export function orderLinkUrl(publicUrl: string, orderId: number, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/confirm/${orderId}?t=${encodeURIComponent(token)}`;
}
