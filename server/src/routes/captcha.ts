import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';

export function captchaRoutes(_app: FastifyInstance): Handlers {
  return {};
}
