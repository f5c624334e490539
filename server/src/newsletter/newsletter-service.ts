import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { isEmail } from '../../../src/domain/email';
import { badRequest, notFound } from '../problem';

/** Spec texts (shop-core section 8, catalogue section 8). */
export const SUBSCRIBED_MESSAGE = 'You have been subscribed to the newsletter';
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed from the newsletter';
export const VERIFIED_MESSAGE = 'Email verified successfully';
export const INVALID_LINK_MESSAGE = 'This verification link is invalid or has already been used';
export const EXPIRED_LINK_MESSAGE = 'This verification link has expired. Please subscribe again to get a new one.';

/** How long a verification link works. */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending subscriber asking again gets the mail again, but not more often than this. */
export const RESEND_AFTER_MS = 60 * 1000;

export interface NewsletterSubscriber {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface SubscribeOptions {
  /** Base of the verification link; by default the PUBLIC_URL of the app serving this database. */
  publicUrl?: string;
  /**
   * The address is known to belong to the caller (a signed-in customer's own, verified account
   * email): no verification mail is needed, the subscription is active at once.
   */
  ownerVerified?: boolean;
}

export type SubscribeOutcome = 'verification-sent' | 'pending' | 'subscribed' | 'already-subscribed';

/**
 * PUBLIC_URL of the app owning each database handle, registered by the newsletter routes, so
 * callers elsewhere (checkout) can use the three-argument form without knowing the config.
 */
const publicUrls = new WeakMap<Db, string>();

export function registerNewsletterBase(db: Db, publicUrl: string): void {
  publicUrls.set(db, publicUrl);
}

/** Emails are compared and stored in lower case: one subscription per mailbox. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Only a hash of the token is stored: a copy of the database cannot verify anyone's address. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/Newsletter/verify/${token}`;
}

/**
 * Subscribes an address with double opt-in (decision 004): a new or unsubscribed address becomes
 * pending and gets a verification mail; a subscribed one is left as it is (repeating is not an
 * error). Used by POST /Newsletter/subscribe and by checkout when the visitor opted in.
 */
export async function subscribeToNewsletter(
  db: Db,
  mailer: Mailer,
  subscriber: NewsletterSubscriber,
  options: SubscribeOptions = {},
): Promise<SubscribeOutcome> {
  const publicUrl = options.publicUrl ?? publicUrls.get(db);
  if (!publicUrl) throw new Error('subscribeToNewsletter: no PUBLIC_URL known for this database (pass options.publicUrl)');
  const email = normalizeEmail(subscriber.email);
  if (!isEmail(email)) throw badRequest('email must be a valid email address');
  const firstName = subscriber.firstName?.trim() || null;
  const lastName = subscriber.lastName?.trim() || null;
  const names = {
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
  };

  const [current] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  if (current?.status === 'subscribed') {
    if (Object.keys(names).length) {
      await db.update(newsletterSubscriptions).set({ ...names, updatedAt: sql`now()` }).where(eq(newsletterSubscriptions.email, email));
    }
    return 'already-subscribed';
  }

  if (options.ownerVerified) {
    await db
      .insert(newsletterSubscriptions)
      .values({ email, firstName, lastName, status: 'subscribed', verifiedAt: sql`now()` })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: { ...names, status: 'subscribed', verifyToken: null, verifiedAt: sql`now()`, updatedAt: sql`now()` },
      });
    return 'subscribed';
  }

  // Pending already: the first mail may be lost, so it is sent again (with a new link), but a
  // stream of requests for one address does not become a stream of mails.
  if (current?.status === 'pending' && Date.now() - current.updatedAt.getTime() < RESEND_AFTER_MS) return 'pending';

  const token = newToken();
  await db
    .insert(newsletterSubscriptions)
    .values({ email, firstName, lastName, status: 'pending', verifyToken: hashToken(token) })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { ...names, status: 'pending', verifyToken: hashToken(token), updatedAt: sql`now()` },
      // A verification that landed between our read and this write stays verified.
      setWhere: sql`${newsletterSubscriptions.status} <> 'subscribed'`,
    });
  await mailer.send(verificationMail(email, firstName ?? current?.firstName ?? null, verificationLink(publicUrl, token)));
  return 'verification-sent';
}

function verificationMail(to: string, firstName: string | null, link: string) {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: 'Please confirm your Ridgeline Arms newsletter subscription',
    text: [
      greeting,
      '',
      'Thanks for signing up for the Ridgeline Arms newsletter. Please confirm your email address by opening this link:',
      '',
      link,
      '',
      'The link works for 7 days. If you did not ask for the newsletter, ignore this email and you will not hear from us.',
      '',
      'Ridgeline Arms',
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      '<p>Thanks for signing up for the Ridgeline Arms newsletter. Please confirm your email address:</p>',
      `<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>`,
      '<p>The link works for 7 days. If you did not ask for the newsletter, ignore this email and you will not hear from us.</p>',
    ].join('\n'),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Verifies the address of a verification link. The token is consumed in the same statement that
 * activates the subscription, so a link works once, also under two simultaneous clicks.
 */
export async function verifyNewsletterToken(db: Db, token: string): Promise<void> {
  const hash = hashToken(token);
  const [row] = await db
    .select({ updatedAt: newsletterSubscriptions.updatedAt })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.verifyToken, hash), eq(newsletterSubscriptions.status, 'pending')));
  if (!row) throw notFound(INVALID_LINK_MESSAGE);
  if (Date.now() - row.updatedAt.getTime() > VERIFY_TOKEN_TTL_MS) throw notFound(EXPIRED_LINK_MESSAGE);
  const verified = await db
    .update(newsletterSubscriptions)
    .set({ status: 'subscribed', verifyToken: null, verifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(newsletterSubscriptions.verifyToken, hash), eq(newsletterSubscriptions.status, 'pending')))
    .returning({ email: newsletterSubscriptions.email });
  if (!verified.length) throw notFound(INVALID_LINK_MESSAGE);
}

export async function isSubscribed(db: Db, email: string): Promise<boolean> {
  return (await newsletterStatus(db, email)).isSubscribed;
}

/** Subscribed, or waiting for the confirmation mail's link (pending), or neither. */
export async function newsletterStatus(db: Db, email: string): Promise<{ isSubscribed: boolean; isPending: boolean }> {
  const [row] = await db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, normalizeEmail(email)));
  return { isSubscribed: row?.status === 'subscribed', isPending: row?.status === 'pending' };
}

/** The subscription waits for the confirmation link: a mail was sent now, or a moment ago. */
export const awaitsConfirmation = (outcome: SubscribeOutcome) => outcome === 'verification-sent' || outcome === 'pending';

/** Unsubscribing an address that is not subscribed changes nothing and is not an error. */
export async function unsubscribeFromNewsletter(db: Db, email: string): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', verifyToken: null, updatedAt: sql`now()` })
    .where(eq(newsletterSubscriptions.email, normalizeEmail(email)));
}
