import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function reviewsRoutes(_app: FastifyInstance): Handlers {
  return {};
}
