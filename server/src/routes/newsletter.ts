import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { currentUser } from '../identity/bearer';
import { notFound } from '../problem';
import { requireCaptcha } from '../captcha/verifier';
import {
  SUBSCRIBED_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  VERIFIED_MESSAGE,
  awaitsConfirmation,
  newsletterStatus,
  normalizeEmail,
  registerNewsletterBase,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  verifyNewsletterToken,
} from '../newsletter/newsletter-service';
import type { UserRow } from '../identity/users';

/**
 * Status and unsubscribe take an email but answer only for the signed-in user's own (decision
 * 004): any other address is 404, so nobody can learn or change who is subscribed.
 */
function ownEmail(user: UserRow, email: string): string {
  if (normalizeEmail(email) !== normalizeEmail(user.email)) throw notFound('No newsletter subscription found for this email address');
  return user.email;
}

export function newsletterRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  registerNewsletterBase(db, app.config.PUBLIC_URL);
  return {
    subscribeNewsletter: async ({ request, body }) => {
      // Footer and limited-edition forms send a captcha; checkout's opt-in does not (decision
      // 004). One that is sent must be good. Double opt-in protects the address either way.
      if (body.captcha !== undefined) await requireCaptcha(app, body.captcha, request.ip);
      const user = request.user;
      const ownerVerified = !!user && user.emailVerified && normalizeEmail(user.email) === normalizeEmail(body.email);
      const outcome = await subscribeToNewsletter(app.db, app.mailer, body, { publicUrl: app.config.PUBLIC_URL, ownerVerified });
      // Pending: the visitor is told to check the inbox (issue 18 item 5).
      return { message: SUBSCRIBED_MESSAGE, isPending: awaitsConfirmation(outcome) };
    },
    verifyNewsletter: async ({ params }) => {
      await verifyNewsletterToken(db, params.token);
      return { message: VERIFIED_MESSAGE };
    },
    getNewsletterStatus: async ({ request, params }) => newsletterStatus(db, ownEmail(currentUser(request), params.email)),
    unsubscribeNewsletter: async ({ request, body }) => {
      await unsubscribeFromNewsletter(db, ownEmail(currentUser(request), body.email));
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  };
}
