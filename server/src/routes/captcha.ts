import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { notFound } from '../problem';

export function captchaRoutes(app: FastifyInstance): Handlers {
  return {
    getCaptchaChallenge: async ({ reply }) => {
      const create = app.captcha.createChallenge;
      // With reCAPTCHA the browser loads Google's widget and never asks for a challenge.
      if (!create) throw notFound('This shop uses Google reCAPTCHA; there is no ALTCHA challenge to fetch');
      reply.header('cache-control', 'no-store');
      return create();
    },
  };
}
