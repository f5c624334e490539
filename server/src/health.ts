import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/** The migrations this build ships (drizzle's journal): the database must have applied them all. */
const journal = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db', 'migrations', 'meta', '_journal.json');
export const SHIPPED_MIGRATIONS = (JSON.parse(readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;

/**
 * Operators' probes (issue 21 item 4), outside the API and its contract:
 * - `GET /healthz`: the process is up and answering (liveness);
 * - `GET /readyz`: it should get traffic (readiness): the database answers and has applied every
 *   migration this build ships.
 * On SIGTERM (server/src/main.ts, server/src/shutdown.ts, decision 075) idle keep-alive
 * connections close at once, every request that still arrives (these probes included) is answered
 * 503 with `Connection: close`, the requests in flight finish, then the port and the database
 * close and the process exits.
 * Neither probe is cached, rate limited or logged per call.
 */
export function registerHealth(app: FastifyInstance, database: Database): void {
  const probe = { logLevel: 'warn' as const, config: { rateLimit: false } };

  app.get('/healthz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const result = (await database.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as {
        rows: { applied: number }[];
      };
      const applied = Number(result.rows[0]?.applied ?? 0);
      if (applied < SHIPPED_MIGRATIONS) return reply.code(503).send({ status: 'migrations pending', applied, shipped: SHIPPED_MIGRATIONS });
      return { status: 'ready', database: database.kind, migrations: applied };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database did not answer');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
