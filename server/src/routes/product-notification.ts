import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function productNotificationRoutes(_app: FastifyInstance): Handlers {
  return {};
}
