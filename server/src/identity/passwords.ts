import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt (node:crypto) with a per-password random salt. The parameters travel in
 * the stored string, `scrypt$N$r$p$salt$hash` (base64url), so they can be raised later without
 * invalidating existing hashes.
 */
/** log2 of scrypt's N for new hashes in a shop: 2^15, with r = 8 and p = 1 (32 MiB a hash). */
export const PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave room above Node's 32 MiB default.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

let cost = PASSWORD_HASH_COST;

/**
 * Test servers only (`Config.passwordHashCost`, never an environment variable): hash new
 * passwords with N = 2^log2N instead. A hash at 2^15 takes about 90 ms of a core, and the test
 * suites sign in, register and change passwords hundreds of times (decision 066). Every hash
 * carries its own parameters, so it is checked the same way at any cost. One cost per process.
 */
export function usePasswordHashCost(log2N: number): void {
  cost = log2N;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const n = 2 ** cost;
  const hash = await derive(password, salt, n, R, P, KEY_LENGTH);
  return ['scrypt', n, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** A fixed hash compared against when no account matches, so "unknown email" takes as long as
 * "wrong password" and the answer time does not reveal which accounts exist. */
const dummyHashes = new Map<number, Promise<string>>();

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword('not-a-real-password'));
    await verifyPassword(password, await dummyHashes.get(cost));
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
