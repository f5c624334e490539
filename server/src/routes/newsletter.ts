import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { currentUser } from '../identity/bearer';
import { HttpError, notFound } from '../problem';
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

export const VERIFY_FIRST_MESSAGE =
  'Please verify your email address first: open the link we emailed you, or ask for a new one from your account page.';

/**
 * ...and only once the account has proven the address is its owner's (issue 39): anyone can
 * register an address that is not theirs, and must not then read or end its owner's subscription.
 */
function verifiedOwnEmail(user: UserRow, email: string): string {
  const own = ownEmail(user, email);
  if (!user.emailVerified) throw new HttpError(403, VERIFY_FIRST_MESSAGE);
  return own;
}

export function newsletterRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  registerNewsletterBase(db, app.config.PUBLIC_URL);
  return {
    subscribeNewsletter: async ({ request, body }) => {
      // The footer and limited-edition forms are captcha-protected (catalogue spec section 5):
      // a missing, wrong or spent captcha is 400 'Please complete the reCAPTCHA' (decision 038).
      // The one subscription without a captcha is the signed-in customer's own address (the
      // account's newsletter preference, shop-core); a captcha that is sent must be good anyway.
      // Checkout's opt-in subscribes on the server, not through this call.
      const user = request.user;
      const ownAddress = !!user && normalizeEmail(user.email) === normalizeEmail(body.email);
      if (!ownAddress || body.captcha !== undefined) await requireCaptcha(app, body.captcha, request.ip);
      const ownerVerified = ownAddress && user.emailVerified;
      const outcome = await subscribeToNewsletter(app.db, app.mailer, body, { publicUrl: app.config.PUBLIC_URL, ownerVerified });
      // Pending: the visitor is told to check the inbox (issue 18 item 5).
      return { message: SUBSCRIBED_MESSAGE, isPending: awaitsConfirmation(outcome) };
    },
    verifyNewsletter: async ({ params }) => {
      await verifyNewsletterToken(db, params.token);
      return { message: VERIFIED_MESSAGE };
    },
    getNewsletterStatus: async ({ request, params }) => newsletterStatus(db, verifiedOwnEmail(currentUser(request), params.email)),
    unsubscribeNewsletter: async ({ request, body }) => {
      await unsubscribeFromNewsletter(db, verifiedOwnEmail(currentUser(request), body.email));
      return { message: UNSUBSCRIBED_MESSAGE };
    },
  };
}
