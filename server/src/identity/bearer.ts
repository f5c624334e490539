import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { apiAudience, embeddedIssuer, type Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, unauthorized } from '../problem';
import { EmailTakenError, createUser, findUserById, findUserWithGrant, type UserRow } from './users';
import { GRANT_CLAIM } from './grant-claim';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer of a request with a valid bearer token; null otherwise. */
    user: UserRow | null;
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** Paths that never carry shop API bearer tokens (the provider checks its own). */
const SKIPPED_PREFIXES = ['/oidc', '/auth/interaction'];

export interface VerifiedToken {
  payload: JWTPayload & Record<string, unknown>;
  token: string;
}

export interface BearerVerifier {
  /** Whether subjects unknown to the shop become users on first sight (outside provider). */
  provisions: boolean;
  /**
   * The claim naming the token's grant at the embedded provider: a token is taken only while
   * the grant lives (a password reset or change ends it, issue 39).
   */
  grantClaim?: string;
  verify(token: string): Promise<VerifiedToken>;
  /** Claims of the user-info endpoint, for provisioning a user the token says too little about. */
  userinfo?(token: string): Promise<Record<string, unknown> | undefined>;
}

class TokenRejected extends Error {}

/** The signed-in user of a request; bearer-only operations never run without one (routes.ts). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}

/** Access tokens of the embedded provider: RS256 JWTs (typ at+jwt) signed by its stored key. */
export function embeddedVerifier(config: Config, publicJwks: { keys: JWK[] }): BearerVerifier {
  const keys = createLocalJWKSet(publicJwks);
  const issuer = embeddedIssuer(config);
  const audience = apiAudience(config);
  return {
    provisions: false,
    grantClaim: GRANT_CLAIM,
    async verify(token) {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience,
        algorithms: ['RS256'],
        typ: 'at+jwt',
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      });
      return { payload: payload as VerifiedToken['payload'], token };
    },
  };
}

interface Discovery {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/**
 * Access tokens of an outside provider (OIDC_AUTHORITY, Keycloak conventions): keys from its
 * discovery document's jwks_uri, issuer from the same document, audience OIDC_AUDIENCE.
 */
export function remoteVerifier(config: Config, fetchImpl: typeof fetch = fetch): BearerVerifier {
  const authority = config.OIDC_AUTHORITY!.replace(/\/+$/, '');
  const audience = apiAudience(config);
  let discovered: Promise<{ discovery: Discovery; keys: JWTVerifyGetKey }> | undefined;
  const discover = () => {
    discovered ??= (async () => {
      const res = await fetchImpl(`${authority}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`discovery answered ${res.status}`);
      const discovery = (await res.json()) as Discovery;
      return { discovery, keys: createRemoteJWKSet(new URL(discovery.jwks_uri)) };
    })().catch((error) => {
      discovered = undefined;
      throw new HttpError(503, 'The sign-in service cannot be reached right now. Please try again shortly.', { cause: error });
    });
    return discovered;
  };
  return {
    provisions: true,
    async verify(token) {
      const { discovery, keys } = await discover();
      const { payload } = await jwtVerify(token, keys, {
        issuer: discovery.issuer,
        audience,
        clockTolerance: 5,
        requiredClaims: ['sub', 'exp'],
      });
      // Keycloak marks its ID tokens typ "ID"; only access tokens open the API.
      if (payload.typ === 'ID') throw new TokenRejected('an ID token is not an access token');
      return { payload: payload as VerifiedToken['payload'], token };
    },
    async userinfo(token) {
      const { discovery } = await discover();
      if (!discovery.userinfo_endpoint) return undefined;
      const res = await fetchImpl(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${token}` } });
      return res.ok ? ((await res.json()) as Record<string, unknown>) : undefined;
    },
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** Just-in-time provisioning: the first request of an outside provider's user creates the row. */
async function provision(db: Db, verifier: BearerVerifier, { payload, token }: VerifiedToken): Promise<UserRow> {
  const sub = String(payload.sub);
  let claims: Record<string, unknown> = payload;
  if (!text(claims.email) && verifier.userinfo) claims = { ...claims, ...(await verifier.userinfo(token)) };
  const email = text(claims.email);
  if (!email) throw new HttpError(401, 'Your sign-in did not include an email address, which the shop needs. Please contact us.');
  const name = text(claims.name)?.split(/\s+/) ?? [];
  try {
    return await createUser(db, {
      id: sub,
      email,
      firstName: text(claims.given_name) ?? name[0] ?? '',
      lastName: text(claims.family_name) ?? name.slice(1).join(' '),
      phone: text(claims.phone_number) ?? null,
      emailVerified: claims.email_verified === true,
    });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    // The same subject's first two requests raced; or another account holds this email.
    const existing = await findUserById(db, sub);
    if (existing) return existing;
    throw new HttpError(401, 'Another shop account already uses this email address. Please contact us.');
  }
}

export async function identify(db: Db, verifier: BearerVerifier, token: string): Promise<UserRow> {
  let verified: VerifiedToken;
  try {
    verified = await verifier.verify(token);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(401, SESSION_EXPIRED);
  }
  const grantId = verifier.grantClaim ? verified.payload[verifier.grantClaim] : undefined;
  const user =
    typeof grantId === 'string' ? await findUserWithGrant(db, String(verified.payload.sub), grantId) : await findUserById(db, String(verified.payload.sub));
  if (user) return user;
  if (!verifier.provisions) throw new HttpError(401, SESSION_EXPIRED);
  return provision(db, verifier, verified);
}

/**
 * Every request carrying `Authorization: Bearer` has it checked, whatever the operation: a bad,
 * expired or foreign token is a 401 even on public calls, so the browser learns at once that its
 * session is gone (spec shop-core section 8). Operations that need a user enforce it in routes.ts.
 */
export function installBearerAuth(app: FastifyInstance, verifier: BearerVerifier): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (SKIPPED_PREFIXES.some((p) => request.url === p || request.url.startsWith(`${p}/`))) return;
    const header = request.headers.authorization;
    if (!header || !/^bearer(\s|$)/i.test(header)) return;
    const token = header.slice(6).trim();
    try {
      if (!token) throw new HttpError(401, SESSION_EXPIRED);
      request.user = await identify(app.db, verifier, token);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer error="invalid_token"');
      }
      throw error;
    }
  });
}
