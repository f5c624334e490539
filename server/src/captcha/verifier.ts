import type { FastifyInstance } from 'fastify';
import type { components } from '../../../src/api/schema';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../problem';
import { altcha } from './altcha';
import { CAPTCHA_MESSAGE } from './messages';
import { verifyRecaptcha } from './recaptcha';

export { CAPTCHA_MESSAGE };
export type AltchaChallenge = components['schemas']['AltchaChallenge'];

/**
 * Captcha verification behind one interface (issue 4, decision 008): ALTCHA (self-hosted) by
 * default, Google reCAPTCHA when RECAPTCHA_SECRET is set. A solution or token is good once.
 */
export interface CaptchaVerifier {
  readonly kind: 'altcha' | 'recaptcha';
  /** True when the value is a good, unused solution; consumes it. Never throws for bad input. */
  verify(value: string | undefined, remoteIp?: string): Promise<boolean>;
  /** ALTCHA only: a new signed challenge for the widget (GET /Captcha/challenge). */
  createChallenge?(): Promise<AltchaChallenge>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: CaptchaVerifier;
  }
}

/** Longest value accepted (the contract's CaptchaValue). */
const MAX_LENGTH = 8192;

export function createCaptchaVerifier(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'ALTCHA_MAX_NUMBER'>,
  db: Db,
): CaptchaVerifier {
  const clean = (value: string | undefined) => {
    const trimmed = value?.trim();
    return trimmed && trimmed.length <= MAX_LENGTH ? trimmed : undefined;
  };
  const secret = config.RECAPTCHA_SECRET;
  if (secret) {
    return {
      kind: 'recaptcha',
      verify: async (value, remoteIp) => {
        const token = clean(value);
        return !!token && verifyRecaptcha(secret, token, remoteIp);
      },
    };
  }
  const embedded = altcha(db, config.ALTCHA_MAX_NUMBER);
  return {
    kind: 'altcha',
    verify: async (value) => {
      const solution = clean(value);
      return !!solution && embedded.verify(solution);
    },
    createChallenge: () => embedded.createChallenge(),
  };
}

/**
 * Throws 400 'Please complete the reCAPTCHA' unless the value verifies (and consumes it). The
 * refusal names the `captcha` field, so the form shows the message under its captcha.
 */
export async function requireCaptcha(app: FastifyInstance, value: string | undefined, remoteIp?: string): Promise<void> {
  if (!(await app.captcha.verify(value, remoteIp))) {
    throw new HttpError(400, CAPTCHA_MESSAGE, { errors: [{ field: 'captcha', message: CAPTCHA_MESSAGE }] });
  }
}
