import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function dealersRoutes(_app: FastifyInstance): Handlers {
  return {};
}
