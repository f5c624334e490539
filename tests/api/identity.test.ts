import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, importJWK, type JWK } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  CookieJar,
  finishAuthorization,
  openPage,
  refreshTokens,
  register,
  signIn,
  signInFlow,
  startAuthorization,
  submitForm,
  tokenRequest,
  uniqueEmail,
  type OidcTokens,
} from '../support/oidc-login';
import { loadIdentityKeys } from '../../server/src/identity/keys';

const DEMO = { email: 'demo@ridgeline.example', password: 'Ridgeline-demo-1' };

let server: TestServer;
let demo: OidcTokens;
beforeAll(async () => {
  // This file signs in more than FORM_RATE_LIMIT's default 20 times a minute (a registration now
  // signs in on the page that answers it, decision 033); the limits have their own tests
  // (hardening.test.ts).
  server = await startTestServer({ FORM_RATE_LIMIT: 1_000 });
  demo = await signIn(server, DEMO.email, DEMO.password);
});
afterAll(async () => {
  await server?.close();
});

async function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${server.api}${path}`, { ...init, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** An access token signed with the provider's own key, with claims of our choosing. */
async function mint(claims: Record<string, unknown>, options: { key?: JWK } = {}) {
  const keys = await loadIdentityKeys(server.database.db);
  const jwk = options.key ?? keys.signing[0];
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: `${server.baseUrl}/oidc`,
    aud: `${server.baseUrl}/api`,
    sub: decodeJwt(demo.accessToken).sub,
    iat: now - 60,
    exp: now + 300,
    scope: 'openid profile email',
    client_id: 'storefront',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: keys.signing[0].kid })
    .sign(await importJWK(jwk, 'RS256'));
}

describe('sign in (authorization code flow with PKCE)', () => {
  it('signs the demo customer in: JWT access token for the API, ID token with profile claims, refresh token', async () => {
    const access = decodeJwt(demo.accessToken);
    expect(access).toMatchObject({ iss: `${server.baseUrl}/oidc`, aud: `${server.baseUrl}/api`, client_id: 'storefront' });
    expect(Number(access.exp) - Number(access.iat)).toBe(300);
    expect(decodeJwt(demo.idToken)).toMatchObject({
      email: DEMO.email,
      email_verified: true,
      given_name: 'Dana',
      family_name: 'Demo',
      name: 'Dana Demo',
      phone_number: expect.any(String),
    });
    expect(demo.refreshToken.length).toBeGreaterThan(20);
    const profile = await api('/User/profile', { token: demo.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ keycloakId: access.sub, fullName: 'Dana Demo', email: DEMO.email });
    expect(profile.body.addresses.filter((a: { isDefaultShipping: boolean }) => a.isDefaultShipping)).toHaveLength(1);
    expect(profile.body.addresses.filter((a: { isDefaultBilling: boolean }) => a.isDefaultBilling)).toHaveLength(1);
  });

  it('shows an accessible sign-in page without scripts, with a link to registration', async () => {
    const flow = await startAuthorization(server);
    expect(flow.page?.url).toMatch(/\/auth\/interaction\/[\w-]+$/);
    const html = flow.page!.html;
    expect(html).toContain('Ridgeline Arms');
    expect(html).toMatch(/<label for="field-email">Email<\/label>/);
    expect(html).toMatch(/autocomplete="current-password"/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/href="[^"]+\/register">Create an account/);
    expect(html).toMatch(/href="\/auth\/forgot-password\?interaction=[\w-]+">Forgot password\?/);
    const page = await fetch(flow.page!.url, { headers: { cookie: flow.jar.header(flow.page!.url) } });
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const css = await fetch(`${server.baseUrl}/auth/interaction/styles.css`);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('a wrong password and an unknown email get the same message', async () => {
    for (const [email, password] of [
      [DEMO.email, 'not-the-password'],
      ['nobody@ridgeline.example', DEMO.password],
    ]) {
      const flow = await startAuthorization(server);
      await submitForm(flow, { email, password });
      expect(flow.callback).toBeUndefined();
      expect(flow.page?.status).toBe(401);
      expect(flow.page?.html).toMatch(/role="alert"[\s\S]*Invalid email or password/);
      // The email stays filled in, the password does not.
      expect(flow.page?.html).toContain(`value="${email}"`);
      expect(flow.page?.html).not.toContain(password);
    }
  });

  it('empty fields get per-field messages', async () => {
    const flow = await startAuthorization(server);
    await submitForm(flow, { email: '', password: '' });
    expect(flow.page?.status).toBe(400);
    expect(flow.page?.html).toContain('Email is required');
    expect(flow.page?.html).toContain('Password is required');
    expect(flow.page?.html).toMatch(/aria-invalid="true"/);
  });

  it('the email is matched whatever its case', async () => {
    const tokens = await signIn(server, DEMO.email.toUpperCase(), DEMO.password);
    expect(decodeJwt(tokens.accessToken).sub).toBe(decodeJwt(demo.accessToken).sub);
  });

  it('PKCE is required: a request without code_challenge is refused', async () => {
    const flow = await startAuthorization(server, { withoutPkce: true });
    expect(flow.callback?.searchParams.get('error')).toBe('invalid_request');
    expect(flow.callback?.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(flow.callback?.searchParams.get('code')).toBeNull();
  });

  it('a code is exchanged only with its code_verifier', async () => {
    const flow = await startAuthorization(server);
    await submitForm(flow, DEMO);
    const code = flow.callback!.searchParams.get('code')!;
    const res = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: flow.redirectUri,
      code_verifier: 'a'.repeat(43),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });

  it('an unregistered redirect URI is refused', async () => {
    const res = await fetch(
      `${server.baseUrl}/oidc/auth?client_id=storefront&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/redirect_uri/);
  });

  it('allows CORS for the storefront origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/oidc/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const twin = server.baseUrl.replace('127.0.0.1', 'localhost');
    expect((await preflight(server.baseUrl)).headers.get('access-control-allow-origin')).toBe(server.baseUrl);
    const cross = await fetch(`${server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { origin: twin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'storefront', grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(cross.headers.get('access-control-allow-origin')).toBe(twin);
    const evil = await fetch(`${server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'storefront', grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('advertises prompt=create in discovery', async () => {
    const res = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`);
    const body = await res.json();
    expect(body.issuer).toBe(`${server.baseUrl}/oidc`);
    expect(body.prompt_values_supported).toContain('create');
    expect(body.code_challenge_methods_supported).toEqual(['S256']);
  });
});

describe('registration (prompt=create)', () => {
  it('registers through the form; the new customer signs in on the page that answers', async () => {
    const email = uniqueEmail('new');
    const tokens = await register(server, {
      firstName: 'Riley',
      lastName: 'Rancher',
      email,
      phone: '(406) 555-0199',
      password: 'correct horse battery',
    });
    const profile = await api('/User/profile', { token: tokens.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      firstName: 'Riley',
      lastName: 'Rancher',
      fullName: 'Riley Rancher',
      email,
      phoneNumber: '(406) 555-0199',
      addresses: [],
      orders: [],
    });
    // And the account signs in with its password afterwards.
    expect((await signIn(server, email, 'correct horse battery')).accessToken).toBeTruthy();
  });

  it('shows clear per-field messages and keeps what was typed (not the passwords)', async () => {
    const flow = await startAuthorization(server, { prompt: 'create' });
    expect(flow.page?.html).toContain('Create an account');
    await submitForm(flow, {
      firstName: '',
      lastName: 'Rancher',
      email: 'not-an-email',
      phone: '12345',
      password: 'short',
      confirmPassword: 'different',
    });
    const html = flow.page!.html;
    expect(flow.page?.status).toBe(400);
    expect(html).toMatch(/role="alert"/);
    for (const message of [
      'First name is required',
      'Email must be a valid email address',
      'Phone must be a valid phone number',
      'Password must be at least 12 characters',
      'Passwords do not match',
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="Rancher"');
    expect(html).not.toContain('value="short"');
    // Correcting the form in the same interaction completes it.
    const email = uniqueEmail('fixed');
    await submitForm(flow, {
      firstName: 'Riley',
      lastName: 'Rancher',
      email,
      phone: '',
      password: 'long enough now',
      confirmPassword: 'long enough now',
    });
    // Registration signs nobody in (decision 033): the page that answers has a sign-in form.
    expect(flow.callback).toBeUndefined();
    expect(flow.page?.html).toContain('<h1>Check your inbox</h1>');
    expect(flow.page?.html).toContain(`value="${email}"`);
    await submitForm(flow, { email, password: 'long enough now' });
    const tokens = await finishAuthorization(flow);
    expect(decodeJwt(tokens.idToken).email).toBe(email);
    expect(decodeJwt(tokens.idToken).email_verified).toBe(false);
  });

  it('links from registration to sign in and back within one request', async () => {
    const flow = await startAuthorization(server, { prompt: 'create' });
    const signInHref = /href="([^"]+\/login)">Sign in/.exec(flow.page!.html)?.[1];
    expect(signInHref).toBeTruthy();
    await openPage(flow, signInHref!);
    expect(flow.page?.html).toContain('<h1>Sign in</h1>');
    await submitForm(flow, DEMO);
    const tokens = await finishAuthorization(flow);
    expect(decodeJwt(tokens.accessToken).sub).toBe(decodeJwt(demo.accessToken).sub);

    const fromSignIn = await startAuthorization(server);
    const registerHref = /href="([^"]+\/register)">Create an account/.exec(fromSignIn.page!.html)?.[1];
    await openPage(fromSignIn, registerHref!);
    expect(fromSignIn.page?.html).toContain('<h1>Create an account</h1>');
  });
});

describe('password change (kc_action=UPDATE_PASSWORD)', () => {
  it('asks the current password in an existing session, then changes it', async () => {
    const email = uniqueEmail('pw');
    await register(server, { firstName: 'Pat', lastName: 'Word', email, password: 'first-password' });
    const { flow: signedIn } = await signInFlow(server, email, 'first-password');

    const flow = await startAuthorization(server, { jar: signedIn.jar, params: { kc_action: 'UPDATE_PASSWORD' } });
    expect(flow.page?.html).toContain('<h1>Change password</h1>');
    expect(flow.page?.html).toContain('autocomplete="current-password"');

    await submitForm(flow, { currentPassword: 'wrong-password', newPassword: 'second-password', confirmPassword: 'second-password' });
    expect(flow.page?.status).toBe(400);
    expect(flow.page?.html).toContain('Current password is incorrect');

    await submitForm(flow, { currentPassword: 'first-password', newPassword: 'second-password', confirmPassword: 'second-password' });
    const tokens = await finishAuthorization(flow);
    expect(tokens.accessToken).toBeTruthy();

    expect((await signIn(server, email, 'second-password')).accessToken).toBeTruthy();
    const old = await startAuthorization(server);
    await submitForm(old, { email, password: 'first-password' });
    expect(old.page?.html).toContain('Invalid email or password');
  });

  it('right after signing in within the request, asks only for the new password; cancel keeps it', async () => {
    const email = uniqueEmail('pw2');
    await register(server, { firstName: 'Pat', lastName: 'Word', email, password: 'first-password' });
    const flow = await startAuthorization(server, { params: { kc_action: 'UPDATE_PASSWORD' } });
    await submitForm(flow, { email, password: 'first-password' });
    expect(flow.page?.html).toContain('<h1>Change password</h1>');
    expect(flow.page?.html).not.toContain('autocomplete="current-password"');
    await submitForm(flow, { newPassword: 'short', confirmPassword: 'short' });
    expect(flow.page?.html).toContain('Password must be at least 12 characters');
    // The password rule of registration (decision 033), with the account's own address.
    await submitForm(flow, { newPassword: 'Password1234', confirmPassword: 'Password1234' });
    expect(flow.page?.html).toContain('This password is too common. Choose another.');
    const local = email.split('@')[0];
    await submitForm(flow, { newPassword: `${local.toUpperCase()}-secret`, confirmPassword: `${local.toUpperCase()}-secret` });
    expect(flow.page?.html).toContain('Password must not contain your email address');
    await submitForm(flow, { cancel: '1' });
    expect((await finishAuthorization(flow)).accessToken).toBeTruthy();
    expect((await signIn(server, email, 'first-password')).accessToken).toBeTruthy();
  });
});

describe('refresh tokens, revocation and sign out', () => {
  it('rotates refresh tokens; a used one is refused', async () => {
    const first = await signIn(server, DEMO.email, DEMO.password);
    const second = await refreshTokens(server, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).aud).toBe(`${server.baseUrl}/api`);
    expect((await api('/User/profile', { token: second.accessToken })).status).toBe(200);

    const replay = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.refreshToken });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('a revoked refresh token is refused', async () => {
    const tokens = await signIn(server, DEMO.email, DEMO.password);
    const res = await fetch(`${server.baseUrl}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'storefront', token: tokens.refreshToken, token_type_hint: 'refresh_token' }),
    });
    expect(res.status).toBe(200);
    // Empty and without a type: the storefront's client refuses any type but JSON (issue 18 sign-out).
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
    const after = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  /** GET /oidc/session/end with the flow's cookies (the provider session); the page it answers. */
  async function endSession(jar: CookieJar, params: Record<string, string>) {
    const url = `${server.baseUrl}/oidc/session/end?${new URLSearchParams({ post_logout_redirect_uri: `${server.baseUrl}/`, ...params })}`;
    const res = await fetch(url, { headers: { cookie: jar.header(url) } });
    jar.store(res);
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  /** Posts the page's op.logoutForm (its anti-forgery token) with the given fields. */
  async function postLogoutForm(jar: CookieJar, html: string, fields: Record<string, string>) {
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const res = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(action) },
      body: new URLSearchParams({ xsrf, ...fields }),
    });
    jar.store(res);
    return res;
  }

  /** Whether the provider still has this browser signed in: an authorization request comes straight back. */
  async function providerSignedIn(jar: CookieJar) {
    const flow = await startAuthorization(server, { jar, params: { prompt: 'none' } });
    return flow.callback?.searchParams.has('code') === true;
  }

  it("skips the question for the storefront's own sign-out: the page posts itself, and the refresh token ends", async () => {
    const { flow, tokens } = await signInFlow(server, DEMO.email, DEMO.password);
    const page = await endSession(flow.jar, { id_token_hint: tokens.idToken });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Signing you out</h1>');
    expect(page.html).not.toContain('Stay signed in');
    // The form goes out at once through a same-origin script the CSP allows; no inline script.
    expect(page.html).toContain('<script src="/auth/interaction/sign-out.js" defer></script>');
    expect(page.html).not.toMatch(/<script(?![^>]*\ssrc=)/i);
    expect(page.html).toContain('<input type="hidden" name="logout" value="yes" form="op.logoutForm">');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'(?![^;]*'unsafe-inline')/);
    const script = await fetch(`${server.baseUrl}/auth/interaction/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(await script.text()).toContain("document.getElementById('op.logoutForm').submit()");

    // What the script (or, without scripts, the Continue button) posts.
    const done = await postLogoutForm(flow.jar, page.html, { logout: 'yes' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${server.baseUrl}/`);
    const after = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
    expect(after.status).toBe(400);
    expect(await providerSignedIn(flow.jar)).toBe(false);
  });

  it('an expired ID token of the storefront still counts as its own sign-out', async () => {
    // The storefront keeps the ID token of its last sign-in or renewal, which may be old.
    const { flow, tokens } = await signInFlow(server, DEMO.email, DEMO.password);
    const keys = await loadIdentityKeys(server.database.db);
    const now = Math.floor(Date.now() / 1000);
    const stale = await new SignJWT({ ...decodeJwt(tokens.idToken), iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'RS256', kid: keys.signing[0].kid })
      .sign(await importJWK(keys.signing[0], 'RS256'));
    const page = await endSession(flow.jar, { id_token_hint: stale });
    expect(page.html).toContain('<h1>Signing you out</h1>');
  });

  it('asks when the request carries no ID token of the storefront; "Stay signed in" goes back to the shop and ends nothing', async () => {
    const { flow, tokens } = await signInFlow(server, DEMO.email, DEMO.password);
    const page = await endSession(flow.jar, { client_id: 'storefront' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Do you want to sign out of Ridgeline Arms?');
    expect(page.html).not.toMatch(/<script/i);
    // Staying is a link back to the shop: nothing is posted, so nothing is ended or revoked.
    expect(page.html).toContain(`<a class="button button--secondary" href="${server.baseUrl}/">Stay signed in</a>`);
    const renewed = await refreshTokens(server, tokens.refreshToken);
    expect(renewed.accessToken).toBeTruthy();
    expect(await providerSignedIn(flow.jar)).toBe(true);

    // Answering "Sign out" on the same kind of page ends the session and its refresh tokens.
    const again = await endSession(flow.jar, {});
    expect(again.html).toContain('Do you want to sign out of Ridgeline Arms?');
    const done = await postLogoutForm(flow.jar, again.html, { logout: 'yes' });
    expect(done.status).toBe(303);
    expect((await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: renewed.refreshToken })).status).toBe(400);
    expect(await providerSignedIn(flow.jar)).toBe(false);
  });

  it("asks when the storefront's ID token names another account than the one signed in here", async () => {
    const other = uniqueEmail('other');
    const otherTokens = await register(server, { firstName: 'Otto', lastName: 'Other', email: other, password: 'other-password-1' });
    const { flow, tokens } = await signInFlow(server, DEMO.email, DEMO.password);
    const page = await endSession(flow.jar, { id_token_hint: otherTokens.idToken });
    expect(page.html).toContain('Do you want to sign out of Ridgeline Arms?');
    expect(page.html).not.toContain('<h1>Signing you out</h1>');
    expect((await refreshTokens(server, tokens.refreshToken)).accessToken).toBeTruthy();
  });

  it('a browser the provider has no session for is sent back to the shop without a question', async () => {
    const tokens = await signIn(server, DEMO.email, DEMO.password);
    const page = await endSession(new CookieJar(), { id_token_hint: tokens.idToken });
    expect(page.html).not.toContain('Do you want to sign out');
    // oidc-provider's own self-posting form; its inline script's hash is added to the CSP.
    expect(page.html).toMatch(/<script>[\s\S]*document\.forms\[0\]\.submit\(\)/);
    expect(page.headers.get('content-security-policy')).toContain("'sha256-");
  });
});

describe('user info (shop-core section 7, issue 22 item 8)', () => {
  const userinfo = async (token: string) => {
    const discovery = (await (await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as { userinfo_endpoint: string };
    const res = await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  it("answers the storefront's access token with the claims of its scopes", async () => {
    const res = await userinfo(demo.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      sub: decodeJwt(demo.accessToken).sub,
      email: DEMO.email,
      email_verified: true,
      name: 'Dana Demo',
      given_name: 'Dana',
      family_name: 'Demo',
      phone_number: expect.any(String),
    });
  });

  it('releases only what the scopes name: an email-only token gets no names', async () => {
    const res = await userinfo(await mint({ scope: 'openid email' }));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'email_verified', 'sub']);
  });

  it("refuses a token the API would refuse, and one without 'openid', with the provider's own invalid_token", async () => {
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    for (const token of [
      await mint({ exp: now - 120, iat: now - 600 }),
      await mint({}, { key: privateKey.export({ format: 'jwk' }) as JWK }),
      await mint({ aud: 'https://other.example/api' }),
      await mint({ scope: 'profile email' }),
      demo.idToken,
    ]) {
      const res = await userinfo(token);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_token');
    }
  });
});

describe('bearer tokens on the API', () => {
  const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

  it('signed-in-only calls without a token are 401', async () => {
    for (const [path, method] of [
      ['/User/profile', 'GET'],
      ['/Cart', 'GET'],
    ] as const) {
      const res = await api(path, { method });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ status: 401, title: 'Unauthorized', message: expect.stringMatching(/sign in/i) });
    }
  });

  it('a token with a bad signature, an expired one, one for another audience or issuer, or garbage is 401', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const otherKey = privateKey.export({ format: 'jwk' }) as JWK;
    const now = Math.floor(Date.now() / 1000);
    const tampered = demo.accessToken.slice(0, -4) + (demo.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const bad = {
      'other key': await mint({}, { key: otherKey }),
      tampered,
      expired: await mint({ exp: now - 120, iat: now - 600 }),
      'wrong audience': await mint({ aud: 'https://other.example/api' }),
      'wrong issuer': await mint({ iss: 'https://other.example/oidc' }),
      'ID token': demo.idToken,
      garbage: 'not-a-jwt',
    };
    // The control: a minted token with the right claims is accepted.
    expect((await api('/User/profile', { token: await mint({}) })).status).toBe(200);
    for (const [name, token] of Object.entries(bad)) {
      const res = await api('/User/profile', { token });
      expect(res.status, name).toBe(401);
      expect(res.body.message, name).toBe(SESSION_EXPIRED);
      expect(res.headers.get('www-authenticate'), name).toMatch(/invalid_token/);
    }
  });

  it('a bad token is 401 on any call, even a public one', async () => {
    const res = await api('/Products', { token: 'not-a-jwt' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SESSION_EXPIRED);
    expect((await api('/Products')).status).toBe(200);
  });

  it('a token of a subject with no account is 401', async () => {
    const res = await api('/User/profile', { token: await mint({ sub: '00000000-0000-4000-8000-000000000000' }) });
    expect(res.status).toBe(401);
  });
});

describe('profile', () => {
  it('each token reads and changes only its own subject', async () => {
    const a = await register(server, { firstName: 'Alex', lastName: 'Alpha', email: uniqueEmail('a'), password: 'alpha-password' });
    const b = await register(server, { firstName: 'Blair', lastName: 'Beta', email: uniqueEmail('b'), password: 'beta-password' });
    await api('/User/profile', { method: 'PUT', token: a.accessToken, json: { firstName: 'Alexis', lastName: 'Alpha' } });
    const profileB = await api('/User/profile', { token: b.accessToken });
    expect(profileB.body).toMatchObject({ firstName: 'Blair', keycloakId: decodeJwt(b.accessToken).sub });
    const profileA = await api('/User/profile', { token: a.accessToken });
    expect(profileA.body.firstName).toBe('Alexis');
  });

  it('updates names and phone, never the email; validates', async () => {
    const email = uniqueEmail('edit');
    const tokens = await register(server, { firstName: 'Eddie', lastName: 'Edit', email, password: 'edit-password', phone: '4065550100' });
    const updated = await api('/User/profile', {
      method: 'PUT',
      token: tokens.accessToken,
      json: { firstName: ' Edwina ', lastName: 'Edited', phoneNumber: '+1 406-555-0111' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Edwina', lastName: 'Edited', fullName: 'Edwina Edited', phoneNumber: '+1 406-555-0111', email });

    const withEmail = await api('/User/profile', {
      method: 'PUT',
      token: tokens.accessToken,
      json: { firstName: 'E', lastName: 'E', email: 'new@example.com' },
    });
    expect(withEmail.status).toBe(400);
    expect(withEmail.body.message).toMatch(/email is not an accepted field/);

    for (const json of [{ firstName: '   ', lastName: 'X' }, { firstName: 'X' }, { firstName: 'X', lastName: 'Y', phoneNumber: '12' }]) {
      const res = await api('/User/profile', { method: 'PUT', token: tokens.accessToken, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const cleared = await api('/User/profile', { method: 'PUT', token: tokens.accessToken, json: { firstName: 'Edwina', lastName: 'Edited' } });
    expect(cleared.body.phoneNumber).toBeNull();
    expect((await api('/User/profile', { token: tokens.accessToken })).body.email).toBe(email);
  });
});
