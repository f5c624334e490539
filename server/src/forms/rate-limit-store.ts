import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** What @fastify/rate-limit hands a store and its children (the limiter's merged options). */
interface StoreParams {
  /** The limiter's name (server/src/forms/rate-limit.ts): counters of two limiters never mix. */
  nameSpace?: string;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are deleted this often (by whichever process runs the sweep). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * A @fastify/rate-limit store in PostgreSQL (issue 21 item 3), for several server processes on one
 * database: a limit is one budget for all of them, not one per process. One statement per hit: an
 * upsert that starts a new window when the row's has ended (the database's clock, the same for
 * every process), else counts one more, and answers the count and the time left. The window is
 * fixed, like the in-memory store's.
 *
 * Each limiter is a child store named by its `nameSpace`; the key is `nameSpace|client`. A failure
 * of the database is passed on: the request fails as the database does (503), it is not let
 * through unlimited.
 */
export function postgresRateLimitStore(db: Db): { Store: FastifyRateLimitStoreCtor; stop: () => void } {
  const sweep = setInterval(() => {
    db.delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.windowEnds} < now()`)
      .catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();

  class PostgresRateLimitStore {
    private readonly nameSpace: string;

    constructor(params: StoreParams = {}) {
      this.nameSpace = params.nameSpace ?? 'global';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const id = `${this.nameSpace}|${key}`;
      const windowMs = Math.max(1, Math.trunc(timeWindow));
      db.execute(
        sql`insert into ${rateLimitCounters} as c (key, hits, window_ends)
            values (${id}, 1, now() + ${windowMs} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when c.window_ends <= now() then 1 else c.hits + 1 end,
              window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
            returning hits, greatest(0, ceil(extract(epoch from (window_ends - now())) * 1000))::int as ttl`,
      ).then(
        (result) => {
          const [row] = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows;
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(params: StoreParams): PostgresRateLimitStore {
      // Unnamed limiters would share one counter per client, windows and budgets mixed.
      if (!params.nameSpace) throw new Error('A rate limiter needs a name: create it with createNamedRateLimit (server/src/forms/rate-limit.ts)');
      return new PostgresRateLimitStore(params);
    }
  }

  return { Store: PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor, stop: () => clearInterval(sweep) };
}
