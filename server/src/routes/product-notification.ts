import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { requireCaptcha } from '../captcha/verifier';
import { subscribeStockAlert } from '../accounts/stock-alerts';

export function productNotificationRoutes(app: FastifyInstance): Handlers {
  return {
    subscribeProductNotification: async ({ request, body }) => {
      await requireCaptcha(app, body.captcha, request.ip);
      return { message: await subscribeStockAlert(app.db, body) };
    },
  };
}
