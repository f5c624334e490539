import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { freePort, startTestServer, type TestServer } from '../support/test-server';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import {
  finishAuthorization,
  refreshTokens,
  register,
  signInFlow,
  startAuthorization,
  submitForm,
  tokenRequest,
  uniqueEmail,
  type CookieJar,
} from '../support/oidc-login';
import { mailOutbox, oidcPayloads } from '../../server/src/db/schema';

/**
 * Accounts belong to whoever controls their address (issue 39, decision 073): a password reset
 * takes the account back from every other browser, a password change signs out the others; the
 * provider writes only PUBLIC_URL whatever Host the request names; DPoP and pushed requests are
 * off; and the shop opened at 127.0.0.1 while PUBLIC_URL says localhost can read the user info.
 *
 * The server runs as `npm start` does by default: PUBLIC_URL is http://localhost:PORT, while the
 * tests (and so the "browser") reach it at http://127.0.0.1:PORT.
 */

let server: TestServer;
let publicUrl: string;
beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://localhost:${port}`;
  server = await startTestServer({ FORM_RATE_LIMIT: 1_000 }, { port, env: { PUBLIC_URL: publicUrl } });
});
afterAll(async () => {
  await server?.close();
});

/** A request with headers fetch will not send as given (Host). */
const raw = (path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) => rawRequest(server.baseUrl, path, options);

async function forgot(email: string) {
  const res = await fetch(`${server.baseUrl}/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  });
  await res.text();
  return res.status;
}

/** The newest reset link mailed to the address, once `count` have arrived (mail goes beside the answer). */
async function resetLink(email: string, count = 1): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
    const resets = mails.filter((mail) => mail.subject === 'Reset your password');
    if (resets.length >= count) {
      const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(resets[0].text)?.[0];
      if (!link) throw new Error(`no link in ${resets[0].text}`);
      return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail to ${email}`);
}

async function resetPassword(link: string, newPassword: string) {
  const token = new URL(link).searchParams.get('token')!;
  const res = await fetch(`${server.baseUrl}/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, newPassword, confirmPassword: newPassword }).toString(),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** What `prompt=none` answers a browser with this jar: a code (signed in) or the error. */
async function silentSignIn(jar: CookieJar) {
  const flow = await startAuthorization(server, { jar, prompt: 'none' });
  if (!flow.callback) throw new Error(`prompt=none did not come back: ${flow.page?.status} ${flow.page?.html.slice(0, 300)}`);
  return { code: flow.callback.searchParams.get('code'), error: flow.callback.searchParams.get('error') };
}

/** What the shop API and the user-info endpoint answer an access token. */
async function accessStatus(accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const [profile, me] = await Promise.all([fetch(`${server.api}/User/profile`, { headers }), fetch(`${server.baseUrl}/oidc/me`, { headers })]);
  await Promise.all([profile.arrayBuffer(), me.arrayBuffer()]);
  return { api: profile.status, userinfo: me.status };
}

async function refreshStatus(refreshToken: string) {
  return (await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken })).status;
}

describe('a password reset takes the account back (issue 39 item 1)', () => {
  it('ends the refresh tokens and provider sessions of everyone signed in before', async () => {
    // Someone registers an address that is not theirs and signs in (before it is verified).
    const email = uniqueEmail('claimed');
    await register(server, { firstName: 'Mal', lastName: 'Lory', email, password: 'squatter-password-1' });
    const squatter = await signInFlow(server, email, 'squatter-password-1');
    expect((await silentSignIn(squatter.flow.jar)).code).toBeTruthy();
    const kept = await refreshTokens(server, squatter.tokens.refreshToken);
    expect(await accessStatus(kept.accessToken)).toEqual({ api: 200, userinfo: 200 });

    // The address's owner resets the password through the mailed link.
    expect(await forgot(email)).toBe(200);
    await resetPassword(await resetLink(email), 'owner-takes-it-back');

    const refused = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: kept.refreshToken });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(await refreshStatus(squatter.tokens.refreshToken)).toBe(400);
    expect(await silentSignIn(squatter.flow.jar)).toEqual({ code: null, error: 'login_required' });
    // The access tokens already issued end too (they name their grant, which is gone).
    expect(await accessStatus(kept.accessToken)).toEqual({ api: 401, userinfo: 401 });
    expect(await accessStatus(squatter.tokens.accessToken)).toEqual({ api: 401, userinfo: 401 });

    // The owner signs in as usual.
    const owner = await signInFlow(server, email, 'owner-takes-it-back');
    expect((await silentSignIn(owner.flow.jar)).code).toBeTruthy();
    expect((await refreshTokens(server, owner.tokens.refreshToken)).accessToken).toBeTruthy();
  });
});

describe('a password change signs out the other browsers and keeps this one (issue 39 item 1)', () => {
  it('ends the other sessions and refresh tokens; the browser that changed it stays signed in', async () => {
    const email = uniqueEmail('changer');
    await register(server, { firstName: 'Cam', lastName: 'Change', email, password: 'first-password-12' });
    const laptop = await signInFlow(server, email, 'first-password-12');
    const phone = await signInFlow(server, email, 'first-password-12');
    expect((await silentSignIn(phone.flow.jar)).code).toBeTruthy();

    const change = await startAuthorization(server, { jar: laptop.flow.jar, params: { kc_action: 'UPDATE_PASSWORD' } });
    expect(change.page?.html).toContain('<h1>Change password</h1>');
    await submitForm(change, { currentPassword: 'first-password-12', newPassword: 'second-password-12', confirmPassword: 'second-password-12' });
    const after = await finishAuthorization(change);

    // The phone is signed out: its refresh token and its provider session ended.
    expect(await refreshStatus(phone.tokens.refreshToken)).toBe(400);
    expect(await silentSignIn(phone.flow.jar)).toEqual({ code: null, error: 'login_required' });
    expect(await accessStatus(phone.tokens.accessToken)).toEqual({ api: 401, userinfo: 401 });

    // The laptop stays signed in: its session answers prompt=none, its refresh tokens work.
    expect(await accessStatus(after.accessToken)).toEqual({ api: 200, userinfo: 200 });
    expect(await accessStatus(laptop.tokens.accessToken)).toEqual({ api: 200, userinfo: 200 });
    expect((await refreshTokens(server, after.refreshToken)).accessToken).toBeTruthy();
    expect((await refreshTokens(server, laptop.tokens.refreshToken)).accessToken).toBeTruthy();
    expect((await silentSignIn(laptop.flow.jar)).code).toBeTruthy();
  });
});

describe('one host: the provider writes PUBLIC_URL whatever the request says (issue 39)', () => {
  const hostile: Record<string, string>[] = [
    { host: 'evil.example' },
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { 'x-forwarded-host': 'evil.example:8443', forwarded: 'host=evil.example;proto=https' },
  ];

  it('discovery names only PUBLIC_URL endpoints and is kept by no cache', async () => {
    for (const headers of hostile) {
      const res = await raw('/oidc/.well-known/openid-configuration', { headers });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const discovery = JSON.parse(res.text) as Record<string, unknown>;
      const urls = Object.entries(discovery).filter(([, value]) => typeof value === 'string' && /^https?:/.test(value));
      expect(urls.length).toBeGreaterThan(5);
      for (const [name, value] of urls) expect(value, `${name} with ${JSON.stringify(headers)}`).toMatch(new RegExp(`^${publicUrl}/oidc(/|$)`));
      expect(discovery.token_endpoint).toBe(`${publicUrl}/oidc/token`);
      expect(discovery.jwks_uri).toBe(`${publicUrl}/oidc/jwks`);
      expect(res.text).not.toContain('evil.example');
    }
  });

  it("the sign-in page's way back to the provider names PUBLIC_URL, whatever Host the browser sent", async () => {
    const cookies = (res: RawAnswer) => ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const query = new URLSearchParams({
      client_id: 'storefront',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${server.baseUrl}/auth/callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const auth = await raw(`/oidc/auth?${query}`, { headers: hostile[1] });
    expect(auth.status).toBe(303);
    const signInPage = String(auth.headers.location);
    expect(signInPage).toMatch(/^\/auth\/interaction\/[\w-]+$/);
    const login = await raw(`${signInPage}/login`, {
      method: 'POST',
      headers: { ...hostile[1], cookie: cookies(auth), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'demo@ridgeline.example', password: 'Ridgeline-demo-1' }).toString(),
    });
    expect(login.status).toBe(303);
    expect(String(login.headers.location)).toMatch(new RegExp(`^${publicUrl}/oidc/auth/`));
  });

  it('the sign-in redirect and the mailed reset link name no other host', async () => {
    const auth = await raw(
      `/oidc/auth?${new URLSearchParams({ client_id: 'storefront', response_type: 'code', scope: 'openid', redirect_uri: `${server.baseUrl}/auth/callback`, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`,
      { headers: hostile[1] },
    );
    expect(auth.status).toBe(303);
    expect(String(auth.headers.location)).not.toContain('evil.example');

    const email = uniqueEmail('hosted');
    await register(server, { firstName: 'Hal', lastName: 'Host', email, password: 'hosted-password-1' });
    const res = await raw('/auth/forgot-password', {
      method: 'POST',
      headers: { ...hostile[1], 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(res.status).toBe(200);
    expect(await resetLink(email)).toMatch(new RegExp(`^${publicUrl}/auth/reset-password\\?token=`));
  });
});

describe('one host behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({}, { env: { TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("the proxy's forwarded host and protocol change no URL the provider writes", async () => {
    const res = await fetch(`${proxied.baseUrl}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' },
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain('evil.example');
    const discovery = JSON.parse(text) as Record<string, string>;
    expect(discovery.issuer).toBe('https://shop.example/oidc');
    expect(discovery.token_endpoint).toBe('https://shop.example/oidc/token');
    expect(discovery.authorization_endpoint).toBe('https://shop.example/oidc/auth');
  });
});

describe('DPoP and pushed authorization requests are off (issue 39)', () => {
  it('a token request with a DPoP proof gets plain bearer tokens; discovery offers neither', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const flow = await startAuthorization(server);
    await submitForm(flow, { email: 'demo@ridgeline.example', password: 'Ridgeline-demo-1' });
    const proof = await new SignJWT({ htm: 'POST', htu: `${publicUrl}/oidc/token`, jti: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(publicKey) })
      .setIssuedAt()
      .sign(privateKey);
    const res = await fetch(`${server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', dpop: proof },
      body: new URLSearchParams({
        client_id: 'storefront',
        grant_type: 'authorization_code',
        code: flow.callback!.searchParams.get('code')!,
        redirect_uri: flow.redirectUri,
        code_verifier: flow.verifier,
      }),
    });
    const body = (await res.json()) as Record<string, string>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(decodeJwt(body.access_token).cnf).toBeUndefined();
    // The plain bearer token is what the API and the user-info endpoint take.
    const me = await fetch(`${server.baseUrl}/oidc/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.status).toBe(200);
    await me.text();

    const discovery = (await (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.dpop_signing_alg_values_supported).toBeUndefined();
    expect(discovery.pushed_authorization_request_endpoint).toBeUndefined();
  });

  it('a pushed authorization request is refused and stores nothing', async () => {
    const stored = async () =>
      (await server.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'PushedAuthorizationRequest'))).length;
    const before = await stored();
    const res = await fetch(`${server.baseUrl}/oidc/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'storefront',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: `${server.baseUrl}/auth/callback`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      }),
    });
    await res.text();
    expect(res.status).toBe(404);
    expect(await stored()).toBe(before);
  });
});

describe('the shop opened at 127.0.0.1 while PUBLIC_URL says localhost (issue 39)', () => {
  it('signs in and reads the user info cross-origin; a foreign origin is not allowed', async () => {
    // The storefront at http://127.0.0.1:PORT signs in with the provider at PUBLIC_URL.
    const { tokens } = await signInFlow(server, 'demo@ridgeline.example', 'Ridgeline-demo-1');
    const twins = [server.baseUrl, publicUrl, publicUrl.replace('localhost', '[::1]')];
    for (const origin of twins) {
      const preflight = await fetch(`${server.baseUrl}/oidc/me`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(origin);
      const me = await fetch(`${server.baseUrl}/oidc/me`, { headers: { origin, authorization: `Bearer ${tokens.accessToken}` } });
      expect(me.status).toBe(200);
      expect(me.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(((await me.json()) as { email: string }).email).toBe('demo@ridgeline.example');
    }
    const evil = await fetch(`${server.baseUrl}/oidc/me`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${tokens.accessToken}` } });
    await evil.text();
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
