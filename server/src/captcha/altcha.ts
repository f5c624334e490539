import { lt } from 'drizzle-orm';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Payload } from 'altcha-lib/v1/types';
import { databaseSecret } from '../db/app-meta';
import type { Db } from '../db/client';
import { usedCaptchas } from '../db/schema';
import type { AltchaChallenge } from './verifier';

/**
 * The embedded captcha (DESIGN.md section 3): ALTCHA proof of work in its v1 form (the contract's
 * AltchaChallenge; the altcha widget solves it). Challenges are signed with an HMAC key made once
 * per database and kept in app_meta, so every server on one database accepts them and a restart
 * does not invalidate the ones in visitors' pages.
 */
const HMAC_KEY = 'altcha_hmac_key';
/** Long enough to fill in the dealer form after solving; a solution is single-use anyway. */
const CHALLENGE_LIFETIME_MS = 30 * 60_000;
const PURGE_EVERY_MS = 10 * 60_000;

/** The database's challenge-signing key (made at start by buildApp, read by each altcha()). */
export function altchaHmacKey(db: Db): Promise<string> {
  return databaseSecret(db, HMAC_KEY);
}

/** The widget's value: base64 of { algorithm, challenge, number, salt, signature, took }. */
function decodePayload(value: string): Payload | undefined {
  try {
    const data = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      typeof data.algorithm === 'string' &&
      typeof data.challenge === 'string' &&
      typeof data.salt === 'string' &&
      typeof data.signature === 'string' &&
      data.signature.length <= 256 &&
      Number.isSafeInteger(data.number);
    return ok ? (data as Payload) : undefined;
  } catch {
    return undefined;
  }
}

export interface Altcha {
  createChallenge(): Promise<AltchaChallenge>;
  verify(value: string): Promise<boolean>;
}

export function altcha(db: Db, maxNumber: number): Altcha {
  let key: Promise<string> | undefined;
  const hmacKey = () =>
    (key ??= altchaHmacKey(db).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  let lastPurge = 0;

  async function purgeExpired() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date()));
  }

  return {
    async createChallenge() {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey: await hmacKey(),
        maxnumber: maxNumber,
        expires: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
      return { ...challenge, maxnumber: challenge.maxnumber ?? maxNumber };
    },

    async verify(value) {
      const payload = decodePayload(value);
      if (!payload) return false;
      // Signature, proof of work and expiry (the expiry travels signed in the salt).
      if (!(await verifySolution(payload, await hmacKey(), true).catch(() => false))) return false;
      const expires = Number(extractParams(payload).expires);
      const expiresAt = new Date(Number.isFinite(expires) && expires > 0 ? expires * 1000 : Date.now() + CHALLENGE_LIFETIME_MS);
      // Single use: the challenge's signature is recorded until the challenge expires; a second
      // insert of the same signature (a replay, or a double submit) inserts nothing.
      const claimed = await db
        .insert(usedCaptchas)
        .values({ signature: payload.signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchas.signature });
      await purgeExpired();
      return claimed.length === 1;
    },
  };
}
