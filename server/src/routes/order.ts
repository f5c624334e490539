import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function orderRoutes(_app: FastifyInstance): Handlers {
  return {};
}
