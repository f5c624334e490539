import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Db } from '../db/client';
import { loadOrCreateJson } from '../db/app-meta';

/**
 * The embedded provider's secrets: an RS256 signing key (ID tokens, JWT access tokens) and the
 * keys that sign its cookies. Generated on first start and kept in the database, so tokens and
 * sessions issued before a restart stay valid after it, and several server processes sharing one
 * database agree on them.
 */
export interface IdentityKeys {
  /** Private signing keys, newest first (oidc-provider's `jwks`). */
  signing: JWK[];
  /** The public halves, as published at /oidc/jwks. */
  publicJwks: { keys: JWK[] };
  /** Cookie signing keys (oidc-provider's `cookies.keys`), newest first. */
  cookieKeys: string[];
}

const SIGNING_KEY = 'oidc_signing_jwks';
const COOKIE_KEYS = 'oidc_cookie_keys';

async function newSigningKey(): Promise<JWK> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, crv, x, y, kid, alg, use } = jwk;
  return Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined));
}

export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  const signing = await loadOrCreateJson(db, SIGNING_KEY, async () => [await newSigningKey()]);
  const cookieKeys = await loadOrCreateJson(db, COOKIE_KEYS, async () => [randomBytes(32).toString('base64url')]);
  return { signing, publicJwks: { keys: signing.map(publicJwk) }, cookieKeys };
}
