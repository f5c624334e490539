import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { analyticsEvents } from '../db/schema';

/**
 * First-party analytics (DESIGN.md section 3, "reviews, analytics: first-party endpoints"). The
 * contract validates the body (type, path, at); the event is stored as sent, with nothing that
 * identifies the visitor. The browser sends only after consent (machines/consent).
 */
export function analyticsRoutes(app: FastifyInstance): Handlers {
  return {
    recordAnalyticsEvent: async ({ body, reply }) => {
      await app.db.insert(analyticsEvents).values({ type: body.type, path: body.path, occurredAt: new Date(body.at) });
      // 204, no body: the contract's only success answer (registerOperations keeps this status).
      reply.code(204);
      return undefined as never;
    },
  };
}
