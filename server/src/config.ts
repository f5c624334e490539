import { z } from 'zod';

/**
 * Every setting the server reads, checked once at start-up (DESIGN.md section 3). An unset
 * variable selects the embedded default; a bad value stops start-up with a message naming it.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

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
   * The card payment provider's browser script: an absolute https URL (the provider's sandbox or
   * production script) or a path on this server. Unset: the embedded sandbox script.
   */
  PAYMENT_SCRIPT_URL: z
    .string()
    .regex(/^(https?:\/\/|\/)/, 'must be an http(s):// URL or a path starting with /')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VALIDATE_RESPONSES: booleanFlag.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Posts per minute and IP to each form endpoint (registration, newsletter, alerts, sign-in). */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Largest document accepted by the dealer registration, per file. */
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
  /** ALTCHA difficulty: the proof of work searches 0..ALTCHA_MAX_NUMBER. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Where dealer applications and image requests are notified. */
  STAFF_EMAIL: z.email().default('staff@ridgelinearms.example'),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<RawConfig, 'PUBLIC_URL'> {
  /** Public address of the shop, without a trailing slash; defaults to http://localhost:PORT. */
  PUBLIC_URL: string;
  /** In-memory PGlite (tests) instead of DATA_DIR. */
  inMemoryDatabase: boolean;
  validateResponses: boolean;
  /** Directory of the built SPA; absent when the server runs API-only (tests, dev). */
  staticDir?: string;
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
 * Origins the storefront is served from: PUBLIC_URL's, plus its localhost / 127.0.0.1 twin so a
 * local shop works whichever of the two names is typed into the address bar.
 */
export function storefrontOrigins(config: Config): string[] {
  const url = new URL(config.PUBLIC_URL);
  const origins = [url.origin];
  const twin = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : undefined;
  if (twin) {
    url.hostname = twin;
    origins.push(url.origin);
  }
  return origins;
}

/** The settings the browser receives at start (decision 001). */
export function browserSettings(config: Config) {
  return {
    apiBaseUrl: config.API_BASE_URL,
    oidcAuthority: config.OIDC_AUTHORITY ?? embeddedIssuer(config),
    oidcClientId: config.OIDC_CLIENT_ID,
    captchaSiteKey: config.RECAPTCHA_SITE_KEY,
    mapboxToken: config.MAPBOX_TOKEN,
    paymentScriptUrl: paymentScriptUrl(config),
  };
}

/** The embedded sandbox provider's script (server/src/payments/sandbox-routes.ts). */
export const SANDBOX_PAYMENT_SCRIPT_PATH = '/payments-sandbox/v1/sandbox.js';

/** Where the browser loads the card payment provider's script from (decision 009). */
export function paymentScriptUrl(config: Config): string {
  return config.PAYMENT_SCRIPT_URL ?? SANDBOX_PAYMENT_SCRIPT_PATH;
}

/**
 * The payment script's origin when it is outside the shop, for the CSP (script, connect and
 * frame sources: providers' scripts call their API and may open frames); none for a path.
 */
export function paymentScriptOrigins(config: Config): string[] {
  const url = paymentScriptUrl(config);
  return /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
}
