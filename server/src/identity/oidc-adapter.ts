import { and, eq, gt, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema';

/**
 * oidc-provider's storage (its adapter interface: upsert, find, findByUid, findByUserCode,
 * consume, destroy, revokeByGrantId) on the shop database. One row per model and id; an expired
 * row is treated as absent; `consumed` is kept in its own column and merged back on read.
 */
export function drizzleAdapter(db: Db) {
  const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`));

  function toPayload(row: typeof oidcPayloads.$inferSelect | undefined): AdapterPayload | undefined {
    if (!row) return undefined;
    return {
      ...(row.payload as AdapterPayload),
      ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
    };
  }

  return class DrizzleAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const values = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: values.payload,
            grantId: values.grantId,
            userCode: values.userCode,
            uid: values.uid,
            expiresAt,
          },
        });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.model, this.model), condition, live()))
        .limit(1);
      return toPayload(row);
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every artifact of the grant (codes, access and refresh tokens), whatever its model.
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Deletes rows that expired more than a minute ago (the provider never reads them again). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now() - interval '1 minute'`));
}

/** What a password change keeps: the browser session it was made in, and its interaction. */
export interface KeptSession {
  /** The provider session's uid (stable while the browser stays signed in). */
  sessionUid: string;
  /** The interaction in progress, which the change finishes. */
  interactionUid?: string;
}

/**
 * Ends the account's provider state in one statement (issue 39 item 1): its sessions (a
 * `prompt=none` request of an earlier browser finds no one signed in), its grants, and every
 * artefact of those grants or naming the account (authorization codes, refresh tokens, and
 * interactions in progress). A password reset ends everything; a password change keeps the
 * session it was made in, the grants that session holds and their tokens (the browser stays
 * signed in). Access tokens are 5-minute JWTs, not stored: one already issued lives out its
 * minutes (decision 073).
 */
export async function endAccountSessions(db: Db, accountId: string, keep?: KeptSession): Promise<void> {
  let keptSessionId: string | undefined;
  let keptGrants: string[] = [];
  if (keep) {
    const [session] = await db
      .select({ id: oidcPayloads.id, payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.uid, keep.sessionUid), sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`));
    if (session) {
      keptSessionId = session.id;
      const authorizations = (session.payload.authorizations ?? {}) as Record<string, { grantId?: unknown }>;
      keptGrants = Object.values(authorizations)
        .map((a) => a.grantId)
        .filter((id): id is string => typeof id === 'string');
    }
  }
  const owned = or(
    sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`,
    and(
      eq(oidcPayloads.model, 'Interaction'),
      or(
        sql`${oidcPayloads.payload}#>>'{session,accountId}' = ${accountId}`,
        sql`${oidcPayloads.payload}#>>'{result,login,accountId}' = ${accountId}`,
      ),
    ),
  );
  const kept = [
    keptSessionId ? and(eq(oidcPayloads.model, 'Session'), eq(oidcPayloads.id, keptSessionId)) : undefined,
    keptGrants.length ? and(eq(oidcPayloads.model, 'Grant'), inArray(oidcPayloads.id, keptGrants)) : undefined,
    // coalesce: a row without a grant must not make the whole condition unknown (NOT NULL).
    keptGrants.length ? inArray(sql`coalesce(${oidcPayloads.grantId}, '')`, keptGrants) : undefined,
    keep?.interactionUid ? and(eq(oidcPayloads.model, 'Interaction'), eq(oidcPayloads.id, keep.interactionUid)) : undefined,
  ].filter((condition) => condition !== undefined);
  await db.delete(oidcPayloads).where(kept.length ? and(owned, not(or(...kept)!)) : owned);
}
