import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { apiAudience, type Config } from '../config';
import type { Db } from '../db/client';
import {
  accountRegistrationFields,
  accountRegistrationSchema,
  passwordChangeFields,
  passwordChangeSchema,
  signInFields,
  signInSchema,
  type AccountRegistrationValues,
} from '../../../src/domain/account-registration';
import { EmailTakenError, authenticate, createUser, findUserByEmail, findUserById, setPassword } from './users';
import { verifyPassword } from './passwords';
import {
  SIGN_OUT_SCRIPT,
  SIGN_OUT_SCRIPT_PATH,
  STYLESHEET,
  STYLESHEET_PATH,
  errorPage,
  passwordPage,
  registerPage,
  registeredPage,
  signInPage,
  type FieldErrors,
} from './pages';
import { CLIENT_SCOPES, INTERACTION_PREFIX, pinToPublicUrl } from './provider';
import { FORGOT_PASSWORD_PATH, MAIL_REQUESTS_PER_EMAIL, createAccountMail, normalizeEmail, registerAccountRecoveryRoutes } from './account-recovery';
import { revokeTokens } from './account-tokens';
import { endAccountSessions } from './oidc-adapter';
import { fieldErrors, formText, sendPage } from './form-post';
import { createNamedRateLimit } from '../forms/rate-limit';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Form = Record<string, string | undefined>;

const INVALID_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * The embedded provider's interaction pages (decision 005), outside /oidc so they are ordinary
 * Fastify routes: sign in, registration (prompt=create), password change
 * (kc_action=UPDATE_PASSWORD). Each finishes its step with provider.interactionResult and sends
 * the browser back to oidc-provider, which continues the authorization request. Registration
 * signs nobody in: every accepted post answers the same "check your inbox" page with a sign-in
 * form, whether the address was new or already had an account (decision 033). The forgotten
 * password and email verification pages (account-recovery.ts) share the form parsing.
 */
export function registerInteractionRoutes(app: FastifyInstance, provider: Provider, config: Config): void {
  const db: Db = app.db;
  const shopUrl = config.PUBLIC_URL;
  const publicUrl = new URL(config.PUBLIC_URL);
  const resource = apiAudience(config);
  const base = `${INTERACTION_PREFIX}/:uid`;
  const urls = (uid: string) => ({
    main: `${INTERACTION_PREFIX}/${uid}`,
    login: `${INTERACTION_PREFIX}/${uid}/login`,
    register: `${INTERACTION_PREFIX}/${uid}/register`,
    password: `${INTERACTION_PREFIX}/${uid}/password`,
  });

  /** The interaction of this browser (cookie) and this URL, or an error page already sent. */
  async function load(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    const { uid } = request.params as { uid: string };
    pinToPublicUrl(request, publicUrl);
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === uid) return details;
    } catch {
      // Expired or missing interaction cookie: fall through to the error page.
    }
    sendPage(
      reply,
      400,
      errorPage({
        title: 'This page has expired',
        message: 'Your sign-in took too long or was already completed. Please go back to the shop and try again.',
        shopUrl,
      }),
    );
    return undefined;
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
    pinToPublicUrl(request, publicUrl);
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result);
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  /** No consent screen for the storefront: grant its scopes and carry on (normally not reached,
   * since loadExistingGrant grants them already). */
  async function consent(request: FastifyRequest, reply: FastifyReply, details: Interaction) {
    const { Grant } = provider;
    const accountId = details.session?.accountId;
    if (!accountId) return sendPage(reply, 400, errorPage({ title: 'Please sign in', message: 'Your session ended.', shopUrl }));
    const grant = (details.grantId ? await Grant.find(details.grantId) : undefined) ??
      new Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(CLIENT_SCOPES.join(' '));
    grant.addResourceScope(resource, CLIENT_SCOPES.join(' '));
    const grantId = await grant.save();
    return finish(request, reply, { consent: { grantId } });
  }

  const promptName = (details: Interaction) => details.prompt.name;
  const wantsCreate = (details: Interaction) => promptName(details) === 'create';

  function renderSignIn(reply: FastifyReply, details: Interaction, status = 200, extra: Partial<Parameters<typeof signInPage>[0]> = {}) {
    const u = urls(details.uid);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    return sendPage(reply, status, signInPage({ action: u.login, registerUrl: u.register, forgotUrl: forgotUrl(details.uid), shopUrl, email: hint, ...extra }));
  }

  /** After an accepted registration post, new address or not: the same page (decision 033). */
  function renderRegistered(reply: FastifyReply, details: Interaction, email: string) {
    const u = urls(details.uid);
    return sendPage(reply, 200, registeredPage({ action: u.login, registerUrl: u.register, forgotUrl: forgotUrl(details.uid), shopUrl, email }));
  }

  function renderRegister(reply: FastifyReply, details: Interaction, status = 200, values?: AccountRegistrationValues, errors?: FieldErrors) {
    const u = urls(details.uid);
    // What was typed comes back, never the passwords.
    const typed = values && { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone };
    return sendPage(reply, status, registerPage({ action: u.register, signInUrl: u.login, shopUrl, values: typed, errors }));
  }

  async function renderPassword(reply: FastifyReply, details: Interaction, status = 200, errors?: FieldErrors) {
    const user = details.session?.accountId ? await findUserById(db, details.session.accountId) : undefined;
    return sendPage(
      reply,
      status,
      passwordPage({
        action: urls(details.uid).password,
        shopUrl,
        askCurrent: !justSignedIn(details),
        email: user?.email,
        errors,
      }),
    );
  }

  app.register(async (scope) => {
    // Form posts only here; the shop API stays JSON-only.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const mail = createAccountMail(scope, config);
    registerAccountRecoveryRoutes(scope, config, mail);
    // "Someone tried to create an account with your email" at most this often per address.
    const noticeLimit = createNamedRateLimit(scope, 'accountExistsNotice', MAIL_REQUESTS_PER_EMAIL, {
      timeWindow: 60 * 60 * 1000,
      keyGenerator: (request) => `email:${normalizeEmail(formText(request.body).email)}`,
    });

    scope.get(STYLESHEET_PATH, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
    );
    scope.get(SIGN_OUT_SCRIPT_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIGN_OUT_SCRIPT),
    );

    scope.get(base, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      switch (promptName(details)) {
        case 'login':
          return renderSignIn(reply, details);
        case 'create':
          return renderRegister(reply, details);
        case 'update_password':
          return renderPassword(reply, details);
        case 'consent':
          return consent(request, reply, details);
        default:
          return sendPage(reply, 400, errorPage({ title: 'Something went wrong', message: 'This sign-in step is not supported.', shopUrl }));
      }
    });

    // The links between the sign-in and registration pages of one interaction.
    scope.get(`${base}/login`, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      if (!['login', 'create'].includes(promptName(details))) return reply.redirect(urls(details.uid).main, 303);
      return renderSignIn(reply, details);
    });
    scope.get(`${base}/register`, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      if (!['login', 'create'].includes(promptName(details))) return reply.redirect(urls(details.uid).main, 303);
      return renderRegister(reply, details);
    });

    scope.post(`${base}/login`, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      if (!['login', 'create'].includes(promptName(details))) return reply.redirect(urls(details.uid).main, 303);
      const { email, password } = signInFields.parse(formText(request.body));
      const errors = fieldErrors(signInSchema.safeParse({ email, password }));
      if (Object.keys(errors).length) return renderSignIn(reply, details, 400, { email, errors });
      const user = await authenticate(db, email, password);
      if (!user) return renderSignIn(reply, details, 401, { email, message: INVALID_CREDENTIALS });
      // Signing in from the registration page resolves the create prompt with the existing account.
      return finish(request, reply, {
        login: { accountId: user.id },
        ...(wantsCreate(details) ? { create: { accountId: user.id, created: false } } : {}),
      });
    });

    scope.post(`${base}/register`, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      if (!['login', 'create'].includes(promptName(details))) return reply.redirect(urls(details.uid).main, 303);
      const values = accountRegistrationFields.parse(formText(request.body));
      const errors = fieldErrors(accountRegistrationSchema.safeParse(values));
      if (Object.keys(errors).length) return renderRegister(reply, details, 400, values, errors);
      // A new address gets its account and the verification link; a taken one (any case) tells
      // its owner instead. Both answer the same page, signed out, with the mail sent beside the
      // answer (the password is hashed on both ways), so neither the page nor its time says
      // whether the address has an account.
      try {
        const user = await createUser(db, {
          email: values.email,
          password: values.password,
          firstName: values.firstName,
          lastName: values.lastName,
          phone: values.phone || null,
        });
        mail.later(() => mail.verification(user));
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        const notice = await noticeLimit(request);
        if (notice.isAllowed || !notice.isExceeded) {
          mail.later(async () => {
            const owner = await findUserByEmail(db, values.email);
            if (owner) await mail.accountExists(owner);
          });
        }
      }
      return renderRegistered(reply, details, values.email);
    });

    scope.post(`${base}/password`, async (request, reply) => {
      const details = await load(request, reply);
      if (!details) return reply;
      if (promptName(details) !== 'update_password') return reply.redirect(urls(details.uid).main, 303);
      const form = (request.body ?? {}) as Form;
      // Cancelling returns to the shop signed in, password unchanged (Keycloak: kc_action_status=cancelled).
      if (form.cancel) return finish(request, reply, { update_password: { changed: false } });
      const user = details.session?.accountId ? await findUserById(db, details.session.accountId) : undefined;
      if (!user) return sendPage(reply, 400, errorPage({ title: 'Please sign in', message: 'Your session ended. Please sign in again.', shopUrl }));
      const askCurrent = !justSignedIn(details);
      const values = passwordChangeFields.parse(formText(form));
      const errors = fieldErrors(passwordChangeSchema({ askCurrent, email: user.email }).safeParse(values));
      // A current password given is checked against the account (the form's rules ask only for one).
      if (askCurrent && !errors.currentPassword && !(await verifyPassword(values.currentPassword, user.passwordHash))) {
        errors.currentPassword = WRONG_CURRENT_PASSWORD;
      }
      if (Object.keys(errors).length) return renderPassword(reply, details, 400, errors);
      await setPassword(db, user.id, values.newPassword);
      // A reset link asked for earlier would undo the change: it ends with it.
      await revokeTokens(db, user.id, 'password_reset');
      // Every other browser and device is signed out; this one stays (issue 39 item 1).
      await endAccountSessions(db, user.id, details.session?.uid ? { sessionUid: details.session.uid, interactionUid: details.uid } : undefined);
      return finish(request, reply, { update_password: { changed: true } });
    });
  });
}

/** "Forgot password?" from this sign-in page: its "Back to sign in" returns to it. */
function forgotUrl(uid: string): string {
  return `${FORGOT_PASSWORD_PATH}?interaction=${encodeURIComponent(uid)}`;
}

/** Signed in during this very authorization request: no need to ask the password again. */
function justSignedIn(details: Interaction): boolean {
  const last = details.lastSubmission as { login?: { accountId?: string } } | undefined;
  return Boolean(last?.login?.accountId && last.login.accountId === details.session?.accountId);
}
