import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function newsletterRoutes(_app: FastifyInstance): Handlers {
  return {};
}
