import { createHash, randomBytes } from 'node:crypto';

/**
 * Drives the embedded provider's authorization code flow with PKCE over plain HTTP, as the
 * storefront does in a browser: authorization request, the interaction pages' forms, the
 * redirect back with a code, and the token request. Cookies are carried by hand.
 *
 *   const { accessToken } = await signIn(server, 'demo@ridgeline.example', 'Ridgeline-demo-1');
 *   await fetch(`${server.api}/User/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
 */

export interface OidcServer {
  /** Origin of the shop (PUBLIC_URL): the issuer is baseUrl + /oidc, redirect URIs live here. */
  baseUrl: string;
  config?: { OIDC_CLIENT_ID: string };
}

export interface OidcTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
  scope?: string;
}

/** A cookie jar keeping name, value and path (enough for one host). */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const expires = attr('expires');
      const maxAge = attr('max-age');
      const path = attr('path') ?? '/';
      const gone = value === '' || (expires && Date.parse(expires) <= Date.now()) || maxAge === '0';
      const key = `${name};${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url);
    return [...this.cookies.entries()]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([key, c]) => `${key.split(';')[0]}=${c.value}`)
      .join('; ');
  }
}

export interface AuthorizationOptions {
  /** e.g. 'create' (registration) or 'login'. */
  prompt?: string;
  /** More authorization parameters, e.g. { kc_action: 'UPDATE_PASSWORD' }. */
  params?: Record<string, string>;
  /** Send no code_challenge (to see PKCE refused). */
  withoutPkce?: boolean;
  /** The jar of an earlier flow: its provider session (signed in) comes along. */
  jar?: CookieJar;
}

/** One authorization request in progress: where the browser is now and what it carries. */
export interface AuthorizationFlow {
  server: OidcServer;
  jar: CookieJar;
  clientId: string;
  redirectUri: string;
  state: string;
  verifier: string;
  /** The page the browser shows now (an interaction page or an error page). */
  page?: { url: string; status: number; html: string };
  /** Set once the provider redirected back to the storefront. */
  callback?: URL;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

function clientIdOf(server: OidcServer): string {
  return server.config?.OIDC_CLIENT_ID ?? 'storefront';
}

/** Follows redirects by hand (carrying cookies) until a page, or the redirect to the storefront. */
async function follow(flow: AuthorizationFlow, first: Response, firstUrl: string): Promise<AuthorizationFlow> {
  let response = first;
  let url = firstUrl;
  for (let hops = 0; hops < 20; hops++) {
    flow.jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url).href;
      if (next.startsWith(flow.redirectUri)) {
        flow.callback = new URL(next);
        flow.page = undefined;
        return flow;
      }
      url = next;
      response = await fetch(url, { redirect: 'manual', headers: { cookie: flow.jar.header(url) } });
      continue;
    }
    flow.page = { url, status: response.status, html: await response.text() };
    return flow;
  }
  throw new Error('too many redirects');
}

/** GET /oidc/auth with PKCE, following the provider to its first page (or straight back). */
export async function startAuthorization(server: OidcServer, options: AuthorizationOptions = {}): Promise<AuthorizationFlow> {
  const verifier = base64url(randomBytes(32));
  const flow: AuthorizationFlow = {
    server,
    jar: options.jar ?? new CookieJar(),
    clientId: clientIdOf(server),
    redirectUri: `${server.baseUrl}/auth/callback`,
    state: base64url(randomBytes(16)),
    verifier,
  };
  const query = new URLSearchParams({
    client_id: flow.clientId,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: flow.redirectUri,
    state: flow.state,
    nonce: base64url(randomBytes(16)),
    ...(options.withoutPkce
      ? {}
      : { code_challenge: base64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256' }),
    ...(options.prompt ? { prompt: options.prompt } : {}),
    ...options.params,
  });
  const url = `${server.baseUrl}/oidc/auth?${query}`;
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: flow.jar.header(url) } });
  return follow(flow, response, url);
}

/** The action of the page's (first) form, absolute. */
export function formAction(flow: AuthorizationFlow): string {
  const html = flow.page?.html ?? '';
  const action = /<form[^>]*\saction="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on the page ${flow.page?.url}:\n${html.slice(0, 500)}`);
  return new URL(action.replace(/&amp;/g, '&'), flow.page!.url).href;
}

/** Posts a form of the current page (or the given path) and follows where it leads. */
export async function submitForm(
  flow: AuthorizationFlow,
  fields: Record<string, string>,
  action = formAction(flow),
): Promise<AuthorizationFlow> {
  const url = new URL(action, flow.server.baseUrl).href;
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: flow.jar.header(url) },
    body: new URLSearchParams(fields).toString(),
  });
  return follow(flow, response, url);
}

/** Opens a link of the flow (e.g. from sign in to registration) with the flow's cookies. */
export async function openPage(flow: AuthorizationFlow, href: string): Promise<AuthorizationFlow> {
  const url = new URL(href, flow.page?.url ?? flow.server.baseUrl).href;
  const response = await fetch(url, { redirect: 'manual', headers: { cookie: flow.jar.header(url) } });
  return follow(flow, response, url);
}

/** POSTs a token request; answers the provider's JSON and status. */
export async function tokenRequest(server: OidcServer, fields: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: clientIdOf(server), ...fields }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function toTokens(body: Record<string, unknown>): OidcTokens {
  return {
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token),
    idToken: String(body.id_token),
    expiresIn: Number(body.expires_in),
    scope: body.scope === undefined ? undefined : String(body.scope),
  };
}

/** Exchanges the code the flow came back with (checking state) for tokens. */
export async function finishAuthorization(flow: AuthorizationFlow): Promise<OidcTokens> {
  const callback = flow.callback;
  if (!callback) throw new Error(`the flow did not come back to the storefront; it shows ${flow.page?.url}:\n${flow.page?.html.slice(0, 800)}`);
  if (callback.searchParams.get('state') !== flow.state) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  const res = await tokenRequest(flow.server, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return toTokens(res.body);
}

/** Signs in through the sign-in page; the tokens of the storefront client. */
export async function signIn(server: OidcServer, email: string, password: string): Promise<OidcTokens> {
  return (await signInFlow(server, email, password)).tokens;
}

/** signIn, also answering the flow (its cookie jar holds the provider session). */
export async function signInFlow(server: OidcServer, email: string, password: string) {
  const flow = await startAuthorization(server);
  await submitForm(flow, { email, password });
  return { flow, tokens: await finishAuthorization(flow) };
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword?: string;
}

/**
 * Registers through the registration page (prompt=create), then signs in on the "check your
 * inbox" page it answers (registration signs nobody in, decision 033); the new account's tokens.
 */
export async function register(server: OidcServer, account: Registration): Promise<OidcTokens> {
  const flow = await registerFlow(server, account);
  if (!flow.page?.html.includes('<h1>Check your inbox</h1>')) {
    throw new Error(`registration was refused (${flow.page?.status}):\n${flow.page?.html.slice(0, 1500)}`);
  }
  await submitForm(flow, { email: account.email, password: account.password });
  return finishAuthorization(flow);
}

/** Posts the registration page (prompt=create); the flow shows the page that answered. */
export async function registerFlow(server: OidcServer, account: Registration): Promise<AuthorizationFlow> {
  const flow = await startAuthorization(server, { prompt: 'create' });
  return submitForm(flow, {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone ?? '',
    password: account.password,
    confirmPassword: account.confirmPassword ?? account.password,
  });
}

/** A refresh token grant; the new tokens (throws when refused). */
export async function refreshTokens(server: OidcServer, refreshToken: string): Promise<OidcTokens> {
  const res = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken });
  if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${JSON.stringify(res.body)}`);
  return toTokens(res.body);
}

/** A fresh unique email address for a test account. */
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}
