import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';

/**
 * The one-time links the embedded provider mails (decision 033): a password reset and an email
 * verification. The link carries 32 random bytes; the table keeps only their SHA-256, with the
 * user, the purpose, the expiry and when the link was used. A link works once, before it expires.
 */
export type TokenPurpose = 'password_reset' | 'email_verification';

/** A password reset link works for 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
/** A verification link works for 7 days (as the newsletter's). */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Used and expired links are deleted after a day (kept that long for support questions). */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 43 characters. Anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token for the user; only its hash is stored. */
export async function issueToken(db: Db, userId: string, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

const usable = (token: string, purpose: TokenPurpose) =>
  and(
    eq(accountTokens.tokenHash, hashToken(token)),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );

/** The user a token was issued to, while it is unused and unexpired (the token is not used up). */
export async function findTokenUser(db: Db, token: unknown, purpose: TokenPurpose): Promise<string | undefined> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db.select({ userId: accountTokens.userId }).from(accountTokens).where(usable(token, purpose));
  return row?.userId;
}

/**
 * Uses a token up: its user, or undefined when it is unknown, used or expired. One statement, so
 * two posts of the same link cannot both use it.
 */
export async function consumeToken(db: Db, token: unknown, purpose: TokenPurpose): Promise<string | undefined> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, purpose))
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** Ends every unused link of this purpose for the user (after a password change, say). */
export async function revokeTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Deletes links that expired more than a day ago (run with the provider's purge). */
export async function purgeAccountTokens(db: Db): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(Date.now() - KEEP_AFTER_EXPIRY_MS)));
}

/**
 * Whether another link of this purpose may be mailed to the user: fewer than `perHour` were
 * issued in the last hour, or none of them still works (issue 39 item 4). Strangers asking for an
 * address's links from many places fill no mailbox beyond the budget, and never leave its owner
 * without a working link: over the budget, the owner's mailbox already holds one.
 */
export async function mayMailAnotherLink(db: Db, userId: string, purpose: TokenPurpose, perHour: number): Promise<boolean> {
  const [counts] = await db
    .select({
      issued: sql<number>`count(*) filter (where ${accountTokens.createdAt} > now() - interval '1 hour')`.mapWith(Number),
      usable: sql<number>`count(*) filter (where ${accountTokens.usedAt} is null and ${accountTokens.expiresAt} > now())`.mapWith(Number),
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  return (counts?.issued ?? 0) < perHour || (counts?.usable ?? 0) === 0;
}
