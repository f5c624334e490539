import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { apiAudience, type Config } from '../config';
import type { Db } from '../db/client';
import { EMAIL_MAX_LENGTH, isEmail } from '../../../src/domain/email';
import { isUsPhone } from '../../../src/domain/phone';
import {
  EmailTakenError,
  MIN_PASSWORD_LENGTH,
  authenticate,
  createUser,
  findUserById,
  setPassword,
} from './users';
import { verifyPassword } from './passwords';
import {
  STYLESHEET,
  STYLESHEET_PATH,
  errorPage,
  passwordPage,
  registerPage,
  signInPage,
  type FieldErrors,
  type RegisterValues,
} from './pages';
import { CLIENT_SCOPES, INTERACTION_PREFIX } from './provider';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Form = Record<string, string | undefined>;

const INVALID_CREDENTIALS = 'Invalid email or password';
const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * The embedded provider's interaction pages (decision 005), outside /oidc so they are ordinary
 * Fastify routes: sign in, registration (prompt=create), password change
 * (kc_action=UPDATE_PASSWORD). Each finishes its step with provider.interactionResult and sends
 * the browser back to oidc-provider, which continues the authorization request.
 */
export function registerInteractionRoutes(app: FastifyInstance, provider: Provider, config: Config): void {
  const db: Db = app.db;
  const shopUrl = config.PUBLIC_URL;
  const resource = apiAudience(config);
  const base = `${INTERACTION_PREFIX}/:uid`;
  const urls = (uid: string) => ({
    main: `${INTERACTION_PREFIX}/${uid}`,
    login: `${INTERACTION_PREFIX}/${uid}/login`,
    register: `${INTERACTION_PREFIX}/${uid}/register`,
    password: `${INTERACTION_PREFIX}/${uid}/password`,
  });

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  /** The interaction of this browser (cookie) and this URL, or an error page already sent. */
  async function load(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    const { uid } = request.params as { uid: string };
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
    return sendPage(reply, status, signInPage({ action: u.login, registerUrl: u.register, shopUrl, email: hint, ...extra }));
  }

  function renderRegister(reply: FastifyReply, details: Interaction, status = 200, values?: RegisterValues, errors?: FieldErrors) {
    const u = urls(details.uid);
    return sendPage(reply, status, registerPage({ action: u.register, signInUrl: u.login, shopUrl, values, errors }));
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

    scope.get(STYLESHEET_PATH, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
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
      const form = (request.body ?? {}) as Form;
      const email = (form.email ?? '').trim();
      const password = form.password ?? '';
      const errors: FieldErrors = {};
      if (!email) errors.email = 'Email is required';
      if (!password) errors.password = 'Password is required';
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
      const form = (request.body ?? {}) as Form;
      const values: RegisterValues = {
        firstName: (form.firstName ?? '').trim(),
        lastName: (form.lastName ?? '').trim(),
        email: (form.email ?? '').trim(),
        phone: (form.phone ?? '').trim(),
      };
      const errors = validateRegistration(values, form.password ?? '', form.confirmPassword ?? '');
      if (Object.keys(errors).length) return renderRegister(reply, details, 400, values, errors);
      try {
        const user = await createUser(db, {
          email: values.email!,
          password: form.password!,
          firstName: values.firstName!,
          lastName: values.lastName!,
          phone: values.phone || null,
        });
        return finish(request, reply, {
          create: { accountId: user.id, created: true },
          login: { accountId: user.id },
        });
      } catch (error) {
        if (error instanceof EmailTakenError) {
          return renderRegister(reply, details, 409, values, { email: error.message });
        }
        throw error;
      }
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
      const errors: FieldErrors = {};
      const current = form.currentPassword ?? '';
      const next = form.newPassword ?? '';
      if (askCurrent) {
        if (!current) errors.currentPassword = 'Current password is required';
        else if (!(await verifyPassword(current, user.passwordHash))) errors.currentPassword = 'Current password is incorrect';
      }
      Object.assign(errors, validateNewPassword(next, form.confirmPassword ?? '', 'newPassword'));
      if (Object.keys(errors).length) return renderPassword(reply, details, 400, errors);
      await setPassword(db, user.id, next);
      return finish(request, reply, { update_password: { changed: true } });
    });
  });
}

/** Signed in during this very authorization request: no need to ask the password again. */
function justSignedIn(details: Interaction): boolean {
  const last = details.lastSubmission as { login?: { accountId?: string } } | undefined;
  return Boolean(last?.login?.accountId && last.login.accountId === details.session?.accountId);
}

function validateNewPassword(password: string, confirm: string, field: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!password) errors[field] = 'Password is required';
  else if (password.length < MIN_PASSWORD_LENGTH) errors[field] = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  else if (password.length > 200) errors[field] = 'Password must be at most 200 characters';
  if (!confirm) errors.confirmPassword = 'Please confirm your password';
  else if (password && confirm !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function validateRegistration(values: RegisterValues, password: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.firstName) errors.firstName = 'First name is required';
  else if (values.firstName.length > 100) errors.firstName = 'First name must be at most 100 characters';
  if (!values.lastName) errors.lastName = 'Last name is required';
  else if (values.lastName.length > 100) errors.lastName = 'Last name must be at most 100 characters';
  if (!values.email) errors.email = 'Email is required';
  // The one email rule (src/domain/email.ts); the length bound is the contract's Email maxLength.
  else if (!isEmail(values.email) || values.email.length > EMAIL_MAX_LENGTH) errors.email = 'Email must be a valid email address';
  if (values.phone && !isUsPhone(values.phone)) errors.phone = 'Phone must be a valid phone number';
  Object.assign(errors, validateNewPassword(password, confirm, 'password'));
  return errors;
}
