import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { z } from 'zod';
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
import { EmailTakenError, authenticate, createUser, findUserById, setPassword } from './users';
import { verifyPassword } from './passwords';
import {
  STYLESHEET,
  STYLESHEET_PATH,
  errorPage,
  passwordPage,
  registerPage,
  signInPage,
  type FieldErrors,
} from './pages';
import { CLIENT_SCOPES, INTERACTION_PREFIX } from './provider';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Form = Record<string, string | undefined>;

const INVALID_CREDENTIALS = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
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
      try {
        const user = await createUser(db, {
          email: values.email,
          password: values.password,
          firstName: values.firstName,
          lastName: values.lastName,
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
      const values = passwordChangeFields.parse(formText(form));
      const errors = fieldErrors(passwordChangeSchema({ askCurrent }).safeParse(values));
      // A current password given is checked against the account (the form's rules ask only for one).
      if (askCurrent && !errors.currentPassword && !(await verifyPassword(values.currentPassword, user.passwordHash))) {
        errors.currentPassword = WRONG_CURRENT_PASSWORD;
      }
      if (Object.keys(errors).length) return renderPassword(reply, details, 400, errors);
      await setPassword(db, user.id, values.newPassword);
      return finish(request, reply, { update_password: { changed: true } });
    });
  });
}

/** Signed in during this very authorization request: no need to ask the password again. */
function justSignedIn(details: Interaction): boolean {
  const last = details.lastSubmission as { login?: { accountId?: string } } | undefined;
  return Boolean(last?.login?.accountId && last.login.accountId === details.session?.accountId);
}

/**
 * A form post's fields (src/domain/account-registration.ts reads them): its text values. The pages
 * post urlencoded forms, whose values are all text; a value of another type (a JSON body) is no
 * value, so the form's own rules answer it.
 */
function formText(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What a page shows under its fields: the first message of each wrong field. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}
