import { isIP } from 'node:net';
import { z } from 'zod';
import { SANDBOX_PAYMENT_API_LOGIN_ID, SANDBOX_PAYMENT_CLIENT_KEY } from '../../src/runtime-settings';

/**
 * Every setting the server reads, checked once at start-up (DESIGN.md section 3). An unset
 * variable selects the embedded default; a bad value stops start-up with a message naming it.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** The embedded sandbox provider's script (server/src/payments/sandbox-routes.ts). */
export const SANDBOX_PAYMENT_SCRIPT_PATH = '/payments-sandbox/v1/sandbox.js';

/** Authorize.net's Accept.js per environment (decision 012). */
export const ACCEPT_JS_URL = {
  sandbox: 'https://jstest.authorize.net/v1/Accept.js',
  production: 'https://js.authorize.net/v1/Accept.js',
} as const;

/** Where Accept.js (loaded from the key's host) posts the card: it needs connect-src. */
const ACCEPT_JS_API_ORIGIN: Record<string, string> = {
  'jstest.authorize.net': 'https://apitest.authorize.net',
  'js.authorize.net': 'https://api2.authorize.net',
};

const secret = z.string().trim().min(1);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  API_BASE_URL: z.string().min(1).default('/api'),
  OIDC_AUTHORITY: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('storefront'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  MAPBOX_TOKEN: z.string().min(1).optional(),
  /**
   * Key of the maps geocoding service (decision 008, addendum): set, the shop's `/api/geo` asks
   * the service for the dealer locator's zips; unset, the embedded zip data set answers. Secret,
   * server only: the browser keeps calling the shop.
   */
  GEOCODING_API_KEY: secret.optional(),
  /** The service's JSON geocoding endpoint; default Google's (`DEFAULT_GEOCODING_URL`). */
  GEOCODING_URL: z.url().optional(),
  /**
   * The card payment provider's browser script: an absolute https URL (the provider's sandbox or
   * production script) or a path on this server. Unset: the embedded sandbox script.
   */
  PAYMENT_SCRIPT_URL: z
    .string()
    .regex(/^(https?:\/\/|\/)/, 'must be an http(s):// URL or a path starting with /')
    .optional(),
  /** Who charges the card tokens: the embedded sandbox, or Authorize.net's API (decision 012). */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'authorize-net']).default('sandbox'),
  /** Authorize.net's API Login ID (public: the browser's Accept.js gets it too). */
  AUTHNET_API_LOGIN_ID: secret.optional(),
  /** Authorize.net's Transaction Key: secret, server only. */
  AUTHNET_TRANSACTION_KEY: secret.optional(),
  /** Authorize.net's Public Client Key (Accept.js `authData.clientKey`). */
  AUTHNET_CLIENT_KEY: secret.optional(),
  /** Authorize.net's sandbox (apitest / jstest) or production (api / js) systems. */
  AUTHNET_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VALIDATE_RESPONSES: booleanFlag.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /**
   * Posts per minute and IP to each form endpoint (registration, newsletter, alerts, sign-in);
   * captcha challenges, promo codes, guest tokens (x6) and analytics events (x15) get a multiple.
   */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /**
   * Bytes of server-rendered HTML kept per process for pages asked for again with unchanged data
   * (decision 060); 0 renders every request.
   */
  PAGE_CACHE_BYTES: z.coerce.number().int().min(0).max(1024 * 1024 * 1024).default(32 * 1024 * 1024),
  /** Largest document accepted by the dealer registration, per file. */
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  /** ALTCHA difficulty: the proof of work searches 0..ALTCHA_MAX_NUMBER. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Where dealer applications and image requests are notified. */
  STAFF_EMAIL: z.email().default('staff@ridgelinearms.example'),
  /**
   * Who may read the development mailbox (/dev/mailbox, order confirmations and verification
   * links): `loopback` only requests from this machine, `open` anyone who reaches the port, `off`
   * nobody. Never mounted with NODE_ENV=production, whatever this says (decision 028).
   */
  DEV_MAILBOX: z.enum(['loopback', 'open', 'off']).default('loopback'),
  /**
   * The reverse proxies (load balancer, CDN) in front of the shop whose X-Forwarded-For is
   * believed (decision 075): their addresses or CIDR ranges, comma separated, as
   * Fastify's `trustProxy` takes them (no hop count: see parseTrustProxy). Unset: no forwarding
   * header is believed, every limit keys on the socket's address.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string' && parsed.startsWith('!')) {
        ctx.addIssue({ code: 'custom', message: parsed.slice(1) });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
}).superRefine((env, ctx) => {
  const issue = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
  if (env.GEOCODING_URL && !env.GEOCODING_API_KEY) {
    issue('GEOCODING_URL', 'is set but GEOCODING_API_KEY is not: the embedded geocoder would answer and the URL be ignored');
  }
  if (env.GEOCODING_URL && !/^https:\/\//.test(env.GEOCODING_URL) && !isLoopbackUrl(env.GEOCODING_URL)) {
    // The key travels in the query string: never in clear text past this machine.
    issue('GEOCODING_URL', 'must be an https:// URL (http:// only for localhost / 127.0.0.1)');
  }
  const script = env.PAYMENT_SCRIPT_URL;
  const scriptHost = script && /^https?:\/\//.test(script) ? new URL(script).hostname : undefined;
  if (env.PAYMENT_GATEWAY === 'authorize-net') {
    for (const variable of ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY', 'AUTHNET_CLIENT_KEY'] as const) {
      if (!env[variable]) issue(variable, 'is required when PAYMENT_GATEWAY=authorize-net');
    }
    if (script === SANDBOX_PAYMENT_SCRIPT_PATH) {
      issue('PAYMENT_SCRIPT_URL', "is the embedded sandbox's script, whose tokens Authorize.net cannot charge: leave it unset for Accept.js");
    }
    const other = env.AUTHNET_ENVIRONMENT === 'sandbox' ? 'production' : 'sandbox';
    if (script === ACCEPT_JS_URL[other]) {
      issue('PAYMENT_SCRIPT_URL', `is the ${other} Accept.js but AUTHNET_ENVIRONMENT is ${env.AUTHNET_ENVIRONMENT}`);
    }
  } else if (scriptHost && scriptHost in ACCEPT_JS_API_ORIGIN) {
    issue('PAYMENT_SCRIPT_URL', 'is Authorize.net\'s Accept.js: set PAYMENT_GATEWAY=authorize-net (and its AUTHNET_* keys) to charge its tokens');
  }
});

/** Names proxy-addr (Fastify's trustProxy) gives to well-known ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: a list of addresses, CIDR ranges and
 * proxy-addr's named ranges. A message starting with '!' when it is not one. Refused: `true`
 * (believe anyone's header: a client reaching the port directly could name any address and take
 * anyone's budget) and a hop count, which Fastify 5.12 no longer honours (a hop count cannot tell
 * a proxy from a client that wrote the header itself, so it trusts nobody: decision 075).
 */
export function parseTrustProxy(value: string): string[] | string {
  if (/^\d+$/.test(value) || value === 'true') {
    return "!name the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8 or 127.0.0.1), comma separated: a hop count or true would believe a header any client can write";
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) return '!must name the proxies: addresses or CIDR ranges, comma separated';
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      return `!"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, 127.0.0.1, loopback)`;
    }
  }
  return entries;
}

function isLoopbackUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<RawConfig, 'PUBLIC_URL'> {
  /** Public address of the shop, without a trailing slash; defaults to http://localhost:PORT. */
  PUBLIC_URL: string;
  /** In-memory PGlite (tests) instead of DATA_DIR. */
  inMemoryDatabase: boolean;
  validateResponses: boolean;
  /** Directory of the built SPA; absent when the server runs API-only (tests, dev). */
  staticDir?: string;
  /**
   * Tests only, never read from the environment: log2 of scrypt's N for new password hashes
   * (server/src/identity/passwords.ts); unset, the shop's 15.
   */
  passwordHashCost?: number;
}

export class ConfigError extends Error {}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // Empty strings in an .env file mean "unset", as in most twelve-factor tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  return {
    ...raw,
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    inMemoryDatabase: false,
    validateResponses: raw.VALIDATE_RESPONSES ?? raw.NODE_ENV !== 'production',
    ...overrides,
  };
}

/** Issuer of the embedded identity provider (mounted at /oidc). */
export function embeddedIssuer(config: Config): string {
  return `${config.PUBLIC_URL}/oidc`;
}

/**
 * The audience access tokens must carry to be accepted by the shop API: OIDC_AUDIENCE, else the
 * embedded provider's resource identifier for the API, the absolute API base address.
 */
export function apiAudience(config: Config): string {
  return config.OIDC_AUDIENCE ?? new URL(config.API_BASE_URL, `${config.PUBLIC_URL}/`).href.replace(/\/+$/, '');
}

/**
 * Origins the storefront is served from: PUBLIC_URL's, plus its loopback twins (localhost,
 * 127.0.0.1, [::1]) so a local shop works whichever of the names is typed into the address bar.
 */
export function storefrontOrigins(config: Config): string[] {
  const url = new URL(config.PUBLIC_URL);
  const loopback = ['localhost', '127.0.0.1', '[::1]'];
  if (!loopback.includes(url.hostname)) return [url.origin];
  const origins = [url.origin];
  for (const twin of loopback.filter((name) => name !== url.hostname)) {
    url.hostname = twin;
    origins.push(url.origin);
  }
  return origins;
}

/** Whether Authorize.net charges the cards (PAYMENT_GATEWAY=authorize-net, decision 012). */
export const authorizeNet = (config: Config) => config.PAYMENT_GATEWAY === 'authorize-net';

/** The settings the browser receives at start (decision 001). */
export function browserSettings(config: Config) {
  return {
    apiBaseUrl: config.API_BASE_URL,
    oidcAuthority: config.OIDC_AUTHORITY ?? embeddedIssuer(config),
    oidcClientId: config.OIDC_CLIENT_ID,
    captchaSiteKey: config.RECAPTCHA_SITE_KEY,
    mapboxToken: config.MAPBOX_TOKEN,
    paymentScriptUrl: paymentScriptUrl(config),
    // Public values by design (Accept.js `authData`); the transaction key never leaves the server.
    paymentClientKey: authorizeNet(config) ? config.AUTHNET_CLIENT_KEY! : SANDBOX_PAYMENT_CLIENT_KEY,
    paymentApiLoginId: authorizeNet(config) ? config.AUTHNET_API_LOGIN_ID! : SANDBOX_PAYMENT_API_LOGIN_ID,
  };
}


/**
 * Where the browser loads the card payment provider's script from (decisions 009 and 012):
 * PAYMENT_SCRIPT_URL, else Authorize.net's Accept.js of AUTHNET_ENVIRONMENT with
 * PAYMENT_GATEWAY=authorize-net, else the embedded sandbox script.
 */
export function paymentScriptUrl(config: Config): string {
  if (config.PAYMENT_SCRIPT_URL) return config.PAYMENT_SCRIPT_URL;
  return authorizeNet(config) ? ACCEPT_JS_URL[config.AUTHNET_ENVIRONMENT] : SANDBOX_PAYMENT_SCRIPT_PATH;
}

/**
 * The payment script's origin when it is outside the shop, for the CSP (script, connect and
 * frame sources: providers' scripts call their API and may open frames); none for a path.
 */
export function paymentScriptOrigins(config: Config): string[] {
  const url = paymentScriptUrl(config);
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}

/**
 * What the payment script talks to, for the CSP's connect-src: its own origin, plus the API
 * Accept.js posts the card to (apitest.authorize.net from jstest, api2.authorize.net from js).
 */
export function paymentConnectOrigins(config: Config): string[] {
  const origins = paymentScriptOrigins(config);
  const api = origins.length ? ACCEPT_JS_API_ORIGIN[new URL(origins[0]).hostname] : undefined;
  return api ? [...origins, api] : origins;
}
