import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { apiAudience, embeddedIssuer, storefrontOrigins, type Config } from '../config';
import type { Db } from '../db/client';
import type { BearerVerifier } from './bearer';
import type { IdentityKeys } from './keys';
import { drizzleAdapter, purgeExpired } from './oidc-adapter';
import { purgeAccountTokens } from './account-tokens';
import { GRANT_CLAIM } from './grant-claim';
import { findUserById, fullName } from './users';
import { errorPage, loggedOutPage, logoutPage, signingOutPage } from './pages';

/** Where the embedded provider lives (decision 001) and where its pages are (decision 005). */
export const OIDC_PREFIX = '/oidc';
export const INTERACTION_PREFIX = '/auth/interaction';

/** Short-lived access tokens: the SPA renews them with its rotating refresh token. */
export const ACCESS_TOKEN_TTL = 5 * 60;
const DAY = 24 * 60 * 60;

/** Scopes of the storefront client; granted without a consent screen (first-party client). */
export const CLIENT_SCOPES = ['openid', 'profile', 'email'];

/**
 * The interaction policy: oidc-provider's login and consent prompts plus
 * - `create` (OpenID Connect Prompt Create 1.0): `prompt=create` opens the registration page;
 *   oidc-provider 9 has no such prompt built in.
 * - `update_password`: an authorization request carrying `kc_action=UPDATE_PASSWORD` (Keycloak's
 *   application-initiated action) shows the change-password page once the user is signed in.
 */
function buildPolicy() {
  const { Prompt, Check, base } = interactionPolicy;
  const policy = base();
  policy.add(new Prompt({ name: 'create', requestable: true }), 0);
  policy.add(
    new Prompt(
      { name: 'update_password', requestable: false },
      new Check('kc_action', 'the end-user asked to change their password', 'interaction_required', (ctx) => {
        const { oidc } = ctx;
        const asked = String(oidc.params?.kc_action ?? '').toUpperCase() === 'UPDATE_PASSWORD';
        const result = oidc.result as Record<string, unknown> | undefined;
        return asked && !result?.update_password ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
      }),
    ),
    // After login, before consent.
    policy.findIndex((p) => p.name === 'consent'),
  );
  return policy;
}

/**
 * A first-party client: every scope it may ask for is granted when the user signs in, so no
 * consent screen is shown (oidc-provider's documented way of skipping consent).
 */
async function grantFirstParty(ctx: KoaContextWithOIDC, clientId: string, resource: string) {
  const { oidc } = ctx;
  const { client, session } = oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId =
    (oidc.result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId ??
    session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && grant.accountId !== session.accountId) grant = undefined;
  if (client.clientId !== clientId) return grant;
  grant ??= new oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
  grant.addOIDCScope(CLIENT_SCOPES.join(' '));
  grant.addResourceScope(resource, CLIENT_SCOPES.join(' '));
  await grant.save();
  return grant;
}

/**
 * An end-session request is the storefront's own sign-out when it carries an ID token the
 * storefront client was issued (`id_token_hint`; oidc-provider has checked its signature, issuer
 * and audience before the page is asked for, expired or not) for the account signed in here. The
 * confirmation is then skipped, as RP-Initiated Logout allows; a hint for another account (the
 * provider's session changed since) or none at all still gets the question.
 */
export function isStorefrontSignOut(ctx: KoaContextWithOIDC, clientId: string): boolean {
  const { oidc } = ctx;
  const hint = (oidc.entities as { IdTokenHint?: { payload?: { sub?: unknown } } }).IdTokenHint;
  const accountId = oidc.session?.accountId;
  return oidc.client?.clientId === clientId && typeof hint?.payload?.sub === 'string' && accountId !== undefined && hint.payload.sub === accountId;
}

/** The claims each scope releases, at the ID token and at the user-info endpoint. */
const SCOPE_CLAIMS: Record<string, string[]> = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  // The spec's scope is 'openid profile email' and the storefront shows the phone number.
  profile: ['name', 'given_name', 'family_name', 'phone_number'],
};

/**
 * The user-info call (shop-core.md section 7, issue 22 item 8) with the storefront's own access
 * tokens. They are JWTs for the shop API (resource indicators), which oidc-provider's userinfo
 * refuses ('token audience prevents accessing the userinfo endpoint'). This middleware answers
 * them at the same endpoint: a token the shop API accepts (signature, issuer, audience, expiry,
 * `openid` scope) gets the account's claims for the token's scopes, no more. Anything else goes
 * on to oidc-provider's own handler and its answers (invalid_token and the rest).
 */
function storefrontUserinfo(
  verifier: BearerVerifier,
  findAccount: NonNullable<Configuration['findAccount']>,
  origins: string[],
  grantLives: (grantId: string) => Promise<boolean>,
) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.path !== USERINFO_PATH || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(ctx.get('authorization'))?.[1];
    if (!token) return next();
    // This answer skips oidc-provider's CORS middleware: the storefront's origins (the shop opened
    // at 127.0.0.1 asks the provider at localhost, issue 39) are allowed here as they are there.
    ctx.vary('Origin');
    const origin = ctx.get('Origin');
    if (origin && origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate');
    }
    const payload = await verifier.verify(token).then(
      (verified) => verified.payload,
      () => null,
    );
    const scopes = new Set(typeof payload?.scope === 'string' ? payload.scope.split(' ') : []);
    if (!payload?.sub || !scopes.has('openid')) return next();
    // A token whose grant ended (password reset or change) is the provider's to refuse.
    const grantId = payload[GRANT_CLAIM];
    if (typeof grantId === 'string' && !(await grantLives(grantId))) return next();
    const account = await findAccount(ctx, payload.sub);
    if (!account) return next();
    const claims = (await account.claims('userinfo', [...scopes].join(' '), {}, [])) as Record<string, unknown>;
    const released = new Set([...scopes].flatMap((scope) => SCOPE_CLAIMS[scope] ?? []));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = Object.fromEntries(Object.entries(claims).filter(([name]) => released.has(name)));
  };
}

/** oidc-provider's default user-info route, under the /oidc mount. */
const USERINFO_PATH = '/me';
const DISCOVERY_PATH = '/.well-known/openid-configuration';

/**
 * The embedded provider. `verifier` is the shop API's own check of the storefront's access tokens
 * (one per app), reused to answer them at the user-info endpoint.
 */
export function createProvider(config: Config, db: Db, keys: IdentityKeys, verifier: BearerVerifier): Provider {
  const issuer = embeddedIssuer(config);
  const resource = apiAudience(config);
  const origins = storefrontOrigins(config);
  const clientId = config.OIDC_CLIENT_ID;

  const configuration: Configuration = {
    adapter: drizzleAdapter(db),
    jwks: { keys: keys.signing as never },
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'Ridgeline Arms storefront',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((o) => [`${o}/auth/callback`, `${o}/auth/silent-renew`]),
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
        id_token_signed_response_alg: 'RS256',
      },
    ],
    claims: SCOPE_CLAIMS,
    async findAccount(_ctx, sub) {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.emailVerified,
            name: fullName(user),
            given_name: user.firstName,
            family_name: user.lastName,
            ...(user.phone ? { phone_number: user.phone } : {}),
          };
        },
      };
    },
    // Like Keycloak's, access tokens name their user, so an API can provision it on first sight.
    // They also name their grant (GRANT_CLAIM): the shop API and the user-info answer take a token
    // only while its grant lives, so a password reset or change ends the access tokens already
    // issued too, not only the refresh tokens (issue 39, decision 073).
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await findUserById(db, accountId) : undefined;
      if (!user) return undefined;
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return {
        ...(grantId ? { [GRANT_CLAIM]: grantId } : {}),
        email: user.email,
        email_verified: user.emailVerified,
        name: fullName(user),
        given_name: user.firstName,
        family_name: user.lastName,
      };
    },
    extraParams: ['kc_action'],
    discovery: { prompt_values_supported: ['none', 'login', 'consent', 'create'] },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    interactions: {
      policy: buildPolicy(),
      url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}`,
    },
    loadExistingGrant: (ctx) => grantFirstParty(ctx, clientId, resource),
    // Refresh tokens for the SPA without asking for offline_access; they end with the session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every use of a refresh token returns a new one; a replayed old one revokes the grant.
    rotateRefreshToken: () => true,
    features: {
      devInteractions: { enabled: false },
      // DPoP off, not half on (issue 39): the storefront's client does not send proofs, and the
      // API and the user-info answer take bearer tokens only. A DPoP header is ignored and the
      // tokens are plain bearer ones (decision 073).
      dPoP: { enabled: false },
      // The storefront sends its authorization requests in the URL; a pushed request stored a
      // row for anyone who posted one.
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The storefront's own sign-out is not asked again (issue 18); anything else is.
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          const page = isStorefrontSignOut(ctx, clientId) ? signingOutPage : logoutPage;
          ctx.body = page({ form, shopUrl: config.PUBLIC_URL });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = loggedOutPage({ shopUrl: config.PUBLIC_URL });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SPA does not send `resource`: its tokens are for the shop API.
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: CLIENT_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      RefreshToken: (ctx, token, client) => {
        // A rotated token keeps the remaining lifetime of the one it replaces (public client).
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained()) {
          return rotated.remainingTTL;
        }
        return 14 * DAY;
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage({
        title: 'We could not sign you in',
        message: String(out.error_description ?? out.error ?? 'The request could not be completed.'),
        shopUrl: config.PUBLIC_URL,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Koa reads the host and protocol of every URL it writes from X-Forwarded-Host and
  // X-Forwarded-Proto, which mountProvider sets from PUBLIC_URL on every request (one host,
  // issue 39): no Host or forwarding header of the client's reaches the provider.
  provider.proxy = true;
  // The revocation endpoint answers 200 with an empty body, which Koa labels text/plain; the
  // storefront's client (oidc-client-ts) refuses any type but JSON and would fail the sign-out
  // that revokes the refresh token (issue 18). An empty answer carries no type.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.status === 200 && ctx.path.endsWith('/token/revocation') && !ctx.body) ctx.remove('Content-Type');
    // Discovery names the endpoints: no cache keeps a copy of it (issue 39).
    if (ctx.path === DISCOVERY_PATH) ctx.set('Cache-Control', 'no-store');
  });
  const grantLives = async (grantId: string) => Boolean(await provider.Grant.find(grantId));
  provider.use(storefrontUserinfo(verifier, configuration.findAccount!, origins, grantLives));
  return provider;
}

/**
 * What the provider's Koa context reads of a request's address, pinned to PUBLIC_URL: every
 * absolute URL the provider writes (discovery, redirects, the interaction's way back) comes from
 * PUBLIC_URL, never from the client's Host or X-Forwarded-* (issue 39; provider.proxy is on, so
 * Koa reads these). The client address is the one Fastify settled on (TRUST_PROXY). Called before
 * the raw request reaches the provider: the /oidc mount and the interaction pages.
 */
export function pinToPublicUrl(request: FastifyRequest, publicUrl: URL): void {
  const { headers } = request.raw;
  headers.host = publicUrl.host;
  headers['x-forwarded-host'] = publicUrl.host;
  headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  headers['x-forwarded-for'] = request.ip;
  delete headers.forwarded;
  delete headers['x-forwarded-port'];
}

/**
 * Mounts the provider at /oidc. Fastify must not parse its bodies (oidc-provider reads the raw
 * request itself), so the hand-over happens in the route's onRequest hook, before body parsing:
 * the reply is hijacked, the URL rewritten without the prefix (originalUrl keeps it, which is
 * how oidc-provider learns its mount path) and the raw request and response go to Koa.
 */
export function mountProvider(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  const publicUrl = new URL(app.config.PUBLIC_URL);
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    pinToPublicUrl(request, publicUrl);
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    const rest = url.slice(OIDC_PREFIX.length);
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    await callback(raw, reply.raw);
  };
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
  for (const url of [OIDC_PREFIX, `${OIDC_PREFIX}/*`]) {
    app.route({
      method: [...methods],
      url,
      onRequest: handOver,
      handler: async () => undefined,
    });
  }

  provider.on('server_error', (ctx, error) => app.log.error({ err: error, path: ctx.path }, 'identity provider error'));

  const purge = setInterval(() => {
    Promise.all([purgeExpired(app.db), purgeAccountTokens(app.db)]).catch((error) =>
      app.log.warn({ err: error }, 'could not purge expired identity data'),
    );
  }, 15 * 60 * 1000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
