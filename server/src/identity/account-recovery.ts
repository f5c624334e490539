import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { notify } from '../forms/notify';
import {
  accountEmailFields,
  accountEmailSchema,
  passwordResetFields,
  passwordResetSchema,
} from '../../../src/domain/account-registration';
import {
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  consumeToken,
  findTokenUser,
  issueToken,
  mayMailAnotherLink,
  revokeTokens,
} from './account-tokens';
import { fieldErrors, formText, sendPage } from './form-post';
import {
  emailVerifiedPage,
  errorPage,
  forgotPasswordPage,
  linkProblemPage,
  passwordResetDonePage,
  resendVerificationPage,
  resetLinkSentPage,
  resetPasswordPage,
  verifyEmailPage,
} from './pages';
import { INTERACTION_PREFIX } from './provider';
import { endAccountSessions } from './oidc-adapter';
import { findUserByEmail, findUserById, fullName, setEmailVerified, setPassword, type UserRow } from './users';
import { createNamedRateLimit } from '../forms/rate-limit';

/**
 * Account recovery and email verification on the embedded provider (issue 18, decision 033):
 * "Forgot password?" (a request page that answers the same whether or not the address has an
 * account, and a mailed one-time link to a page that sets a new password), the verification link
 * mailed on registration, and a page to have it sent again. Ordinary pages outside any
 * authorization request: a mailed link may be opened anywhere, any time.
 */
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';
export const RESET_PASSWORD_PATH = '/auth/reset-password';
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
export const RESEND_VERIFICATION_PATH = '/auth/verify-email/resend';

/**
 * Budgets of the posts that mail a link, per hour: per address and IP (one client asking again and
 * again), and per IP, larger since many customers share one (an office, a mobile network). Not per
 * address alone: five strangers' posts would then refuse its owner's own for an hour (issue 39
 * item 4). The mailbox is kept from floods by the links themselves (mayMailAnotherLink): past
 * MAIL_REQUESTS_PER_EMAIL links an hour, a new one is mailed only when none still works.
 */
export const MAIL_REQUESTS_PER_EMAIL = 5;
export const MAIL_REQUESTS_PER_IP = 20;
const HOUR_MS = 60 * 60 * 1000;

/** oidc-provider's interaction ids (nanoid): the way back to a sign-in page, if we came from one. */
const INTERACTION_UID = /^[A-Za-z0-9_-]{1,64}$/;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The mails of this flow, and a way to run mail work without the answer waiting for it. */
export interface AccountMail {
  /**
   * Runs mail work (looking the account up, issuing a link, SMTP) beside the answer, so how long
   * the answer takes does not tell whether an account exists. Errors are logged.
   */
  later(task: () => Promise<void>): void;
  /** The verification link, to a new account. */
  verification(user: UserRow): Promise<void>;
  /** To the owner of an address someone tried to register again. */
  accountExists(user: UserRow): Promise<void>;
  /** The password reset link. */
  resetLink(user: UserRow): Promise<void>;
}

export const normalizeEmail = (email: unknown) => (typeof email === 'string' ? email.trim().toLowerCase() : '');

export function createAccountMail(app: FastifyInstance, config: Config): AccountMail {
  const db = app.db;
  const shopUrl = config.PUBLIC_URL;
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  const greeting = (user: UserRow) => `Hello ${fullName(user) || 'there'},`;
  const signature = '\n\nRidgeline Arms';

  return {
    later(task) {
      const run: Promise<void> = task()
        .catch((error: unknown) => app.log.error({ err: error }, 'account mail not sent'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async verification(user) {
      const token = await issueToken(db, user.id, 'email_verification', VERIFY_TOKEN_TTL_MS);
      const link = `${shopUrl}${VERIFY_EMAIL_PATH}?token=${token}`;
      await notify(app, [
        {
          to: user.email,
          subject: 'Verify your email address',
          text: `${greeting(user)}\n\nThank you for creating an account at Ridgeline Arms. Please verify your email address:\n\n${link}\n\nThe link expires in 7 days. If you did not create this account, you can ignore this message.${signature}`,
        },
      ]);
    },
    async accountExists(user) {
      await notify(app, [
        {
          to: user.email,
          subject: 'Someone tried to create an account with your email',
          text: `${greeting(user)}\n\nSomeone tried to create a Ridgeline Arms account with your email address, which already has an account. No new account was created and yours has not changed.\n\nIf it was you, sign in:\n${shopUrl}/profile\n\nor reset your password if you have forgotten it:\n${shopUrl}${FORGOT_PASSWORD_PATH}\n\nIf it was not you, you can ignore this message.${signature}`,
        },
      ]);
    },
    async resetLink(user) {
      const token = await issueToken(db, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
      const link = `${shopUrl}${RESET_PASSWORD_PATH}?token=${token}`;
      await notify(app, [
        {
          to: user.email,
          subject: 'Reset your password',
          text: `${greeting(user)}\n\nWe received a request to reset the password of your Ridgeline Arms account. Choose a new password here:\n\n${link}\n\nThe link works once and expires in 30 minutes. If you did not ask for it, ignore this message: your password stays as it is.${signature}`,
        },
      ]);
    },
  };
}

/** The sign-in page to go back to: the authorization request's, or the shop's (its account page signs in). */
function signInUrl(request: FastifyRequest, shopUrl: string): string {
  const uid = (request.query as { interaction?: unknown }).interaction;
  return typeof uid === 'string' && INTERACTION_UID.test(uid) ? `${INTERACTION_PREFIX}/${uid}/login` : `${shopUrl}/profile`;
}

/** This page's own address with the way back kept (its form posts here). */
function selfUrl(request: FastifyRequest, path: string): string {
  const uid = (request.query as { interaction?: unknown }).interaction;
  return typeof uid === 'string' && INTERACTION_UID.test(uid) ? `${path}?interaction=${uid}` : path;
}

/** A limiter's verdict: the 429 page sent, or undefined when within the budget. */
async function overBudget(limit: Limiter, request: FastifyRequest, reply: FastifyReply, shopUrl: string) {
  const result = await limit(request);
  if (result.isAllowed || !result.isExceeded) return undefined;
  const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
  reply.header('retry-after', String(result.ttlInSeconds));
  return sendPage(
    reply,
    429,
    errorPage({
      title: 'Too many requests',
      message: `We have sent as many emails as we can for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      shopUrl,
    }),
  );
}

/** Mounts the pages; `scope` parses urlencoded forms (interactions.ts). */
export function registerAccountRecoveryRoutes(scope: FastifyInstance, config: Config, mail: AccountMail): void {
  const db = scope.db;
  const shopUrl = config.PUBLIC_URL;
  const perHour = (name: string, max: number, keyGenerator?: (request: FastifyRequest) => string) =>
    createNamedRateLimit(scope, name, max, { timeWindow: HOUR_MS, ...(keyGenerator ? { keyGenerator } : {}) });
  const byEmailAndIp = (request: FastifyRequest) => `email:${normalizeEmail(formText(request.body).email)} ip:${request.ip}`;
  const limits = {
    forgot: {
      ip: perHour('forgotPasswordByIp', MAIL_REQUESTS_PER_IP),
      email: perHour('forgotPasswordByEmailAndIp', MAIL_REQUESTS_PER_EMAIL, byEmailAndIp),
    },
    resend: {
      ip: perHour('resendVerificationByIp', MAIL_REQUESTS_PER_IP),
      email: perHour('resendVerificationByEmailAndIp', MAIL_REQUESTS_PER_EMAIL, byEmailAndIp),
    },
  };

  const invalidResetLink = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      linkProblemPage({
        title: 'This link has expired',
        message: 'This password reset link is invalid, has already been used or has expired (links work for 30 minutes). Please ask for a new one.',
        actionUrl: FORGOT_PASSWORD_PATH,
        actionLabel: 'Send a new link',
        shopUrl,
      }),
    );
  const invalidVerifyLink = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      linkProblemPage({
        title: 'This link has expired',
        message: 'This verification link is invalid, has already been used or has expired. Please ask for a new one.',
        actionUrl: RESEND_VERIFICATION_PATH,
        actionLabel: 'Send a new link',
        shopUrl,
      }),
    );

  // Forgot password: the request.
  scope.get(FORGOT_PASSWORD_PATH, async (request, reply) =>
    sendPage(reply, 200, forgotPasswordPage({ action: selfUrl(request, FORGOT_PASSWORD_PATH), signInUrl: signInUrl(request, shopUrl), shopUrl })),
  );
  scope.post(FORGOT_PASSWORD_PATH, async (request, reply) => {
    const back = signInUrl(request, shopUrl);
    const limited = await overBudget(limits.forgot.ip, request, reply, shopUrl);
    if (limited) return limited;
    const values = accountEmailFields.parse(formText(request.body));
    const errors = fieldErrors(accountEmailSchema.safeParse(values));
    if (Object.keys(errors).length) {
      return sendPage(reply, 400, forgotPasswordPage({ action: selfUrl(request, FORGOT_PASSWORD_PATH), signInUrl: back, shopUrl, email: values.email, errors }));
    }
    const limitedEmail = await overBudget(limits.forgot.email, request, reply, shopUrl);
    if (limitedEmail) return limitedEmail;
    mail.later(async () => {
      const user = await findUserByEmail(db, values.email);
      if (user && (await mayMailAnotherLink(db, user.id, 'password_reset', MAIL_REQUESTS_PER_EMAIL))) await mail.resetLink(user);
    });
    return sendPage(reply, 200, resetLinkSentPage({ shopUrl, signInUrl: back }));
  });

  // The mailed link: a new password, twice.
  scope.get(RESET_PASSWORD_PATH, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const userId = await findTokenUser(db, token, 'password_reset');
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return invalidResetLink(reply);
    return sendPage(reply, 200, resetPasswordPage({ action: RESET_PASSWORD_PATH, token: String(token), email: user.email, shopUrl }));
  });
  scope.post(RESET_PASSWORD_PATH, async (request, reply) => {
    const form = formText(request.body);
    const userId = await findTokenUser(db, form.token, 'password_reset');
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return invalidResetLink(reply);
    const values = passwordResetFields.parse(form);
    const errors = fieldErrors(passwordResetSchema({ email: user.email }).safeParse(values));
    if (Object.keys(errors).length) {
      return sendPage(reply, 400, resetPasswordPage({ action: RESET_PASSWORD_PATH, token: form.token, email: user.email, shopUrl, errors }));
    }
    // Used up in one statement: of two posts of the same link, one changes the password.
    if ((await consumeToken(db, form.token, 'password_reset')) !== user.id) return invalidResetLink(reply);
    await setPassword(db, user.id, values.newPassword);
    await revokeTokens(db, user.id, 'password_reset');
    // The account is taken back: whoever else was signed in (another browser, a refresh token
    // kept elsewhere) is signed out (issue 39 item 1).
    await endAccountSessions(db, user.id);
    // The link reached the mailbox and was used: the address is the customer's.
    if (!user.emailVerified) await setEmailVerified(db, user.id);
    return sendPage(reply, 200, passwordResetDonePage({ shopUrl, signInUrl: `${shopUrl}/profile` }));
  });

  // Email verification: the mailed link opens a page whose button verifies (a mail scanner
  // fetching the link verifies nothing).
  scope.get(VERIFY_EMAIL_PATH, async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const userId = await findTokenUser(db, token, 'email_verification');
    const user = userId ? await findUserById(db, userId) : undefined;
    if (!user) return invalidVerifyLink(reply);
    return sendPage(reply, 200, verifyEmailPage({ action: VERIFY_EMAIL_PATH, token: String(token), email: user.email, shopUrl }));
  });
  scope.post(VERIFY_EMAIL_PATH, async (request, reply) => {
    const userId = await consumeToken(db, formText(request.body).token, 'email_verification');
    if (!userId) return invalidVerifyLink(reply);
    await setEmailVerified(db, userId);
    await revokeTokens(db, userId, 'email_verification');
    return sendPage(reply, 200, emailVerifiedPage({ shopUrl }));
  });

  // A new verification link. The storefront's "Email not verified — resend" links here with the
  // account's address in `email`, which fills in the field (the post answers the same for any).
  scope.get(RESEND_VERIFICATION_PATH, async (request, reply) => {
    const email = (request.query as { email?: unknown }).email;
    const prefill = typeof email === 'string' && email.length <= 254 ? email : undefined;
    return sendPage(reply, 200, resendVerificationPage({ action: RESEND_VERIFICATION_PATH, shopUrl, email: prefill }));
  });
  scope.post(RESEND_VERIFICATION_PATH, async (request, reply) => {
    const limited = await overBudget(limits.resend.ip, request, reply, shopUrl);
    if (limited) return limited;
    const values = accountEmailFields.parse(formText(request.body));
    const errors = fieldErrors(accountEmailSchema.safeParse(values));
    if (Object.keys(errors).length) {
      return sendPage(reply, 400, resendVerificationPage({ action: RESEND_VERIFICATION_PATH, shopUrl, email: values.email, errors }));
    }
    const limitedEmail = await overBudget(limits.resend.email, request, reply, shopUrl);
    if (limitedEmail) return limitedEmail;
    mail.later(async () => {
      const user = await findUserByEmail(db, values.email);
      if (user && !user.emailVerified && (await mayMailAnotherLink(db, user.id, 'email_verification', MAIL_REQUESTS_PER_EMAIL))) {
        await mail.verification(user);
      }
    });
    return sendPage(reply, 200, resendVerificationPage({ action: RESEND_VERIFICATION_PATH, shopUrl, sent: true }));
  });
}
