import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function checkoutRoutes(_app: FastifyInstance): Handlers {
  return {};
}
