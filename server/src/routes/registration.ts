import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function registrationRoutes(_app: FastifyInstance): Handlers {
  return {};
}
