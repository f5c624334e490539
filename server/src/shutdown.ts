import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { problem } from './problem';
import { discardRequestBody } from './request-body';

/** What a request that arrives while the process is stopping is told (503, Connection: close). */
export const SHUTTING_DOWN = 'The shop is restarting. Please try again in a moment.';

/**
 * How long the requests in flight may take after SIGTERM before their connections are cut: under
 * the usual 30 s grace period of a container platform, with room to close the database.
 */
export const DRAIN_DEADLINE_MS = 25_000;

const arrivedWhileDraining = new WeakSet<IncomingMessage>();
const drains = new WeakMap<FastifyInstance, (deadlineMs?: number) => Promise<void>>();

/**
 * A clean exit (issue 39 item 5, decision 075). Installed first in buildApp, so its hook runs
 * before any other. After `drainAndClose(app)`:
 * - idle keep-alive connections are closed at once (Fastify's close waits for them otherwise,
 *   up to the 72 s keep-alive timeout);
 * - the port stays open while requests are in flight, and every request that arrives, on a new
 *   connection or a kept-alive one, is answered 503 with `Connection: close` and Retry-After, as a
 *   Problem, instead of being refused or reset; /readyz is one of them, so a load balancer stops
 *   sending;
 * - the requests in flight finish, their answers carrying `Connection: close`;
 * - when none is left (or after DRAIN_DEADLINE_MS, when the rest are cut) the port is closed and
 *   the app closes (the database last).
 * Requests are counted on the HTTP server itself, so the in-process requests of the server
 * renderer (inject) are not: they belong to a page request that is counted.
 */
export function installGracefulShutdown(app: FastifyInstance): void {
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) idle?.();
  };

  app.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) arrivedWhileDraining.add(req);
    inFlight += 1;
    res.once('close', done);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!arrivedWhileDraining.has(request.raw)) return;
    // A body still arriving is read first, so the client gets the answer, not a reset.
    await discardRequestBody(request.raw, { bytes: 1024 * 1024, ms: 2000 });
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(problem(503, SHUTTING_DOWN));
  });

  app.addHook('onSend', async (_request, reply) => {
    // The connection is not kept for a next request this process would refuse.
    if (draining) reply.header('connection', 'close');
  });

  let closing: Promise<void> | undefined;
  drains.set(app, (deadlineMs = DRAIN_DEADLINE_MS) => {
    closing ??= (async () => {
      draining = true;
      app.server.closeIdleConnections();
      app.log.info(`shutdown: ${inFlight} request(s) in flight`);
      if (inFlight > 0) {
        const cut = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), deadlineMs);
          idle = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        if (cut) {
          app.log.warn(`shutdown: ${inFlight} request(s) still in flight after ${deadlineMs / 1000} s were cut`);
          app.server.closeAllConnections();
        }
      }
      app.log.info('shutdown: no request in flight, closing');
      // A connection opened but not yet sending a request keeps server.close() waiting otherwise.
      const leftovers = setInterval(() => app.server.closeIdleConnections(), 200);
      try {
        await app.close();
      } finally {
        clearInterval(leftovers);
      }
    })();
    return closing;
  });
}

/** Stops the app as a SIGTERM should (installGracefulShutdown); resolves once it is closed. */
export function drainAndClose(app: FastifyInstance, deadlineMs?: number): Promise<void> {
  const drain = drains.get(app);
  return drain ? drain(deadlineMs) : app.close();
}
