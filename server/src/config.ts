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
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VALIDATE_RESPONSES: booleanFlag.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
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
    inMemoryDatabase: false,
    validateResponses: raw.VALIDATE_RESPONSES ?? raw.NODE_ENV !== 'production',
    ...overrides,
  };
}

/** The settings the browser receives at start (decision 001). */
export function browserSettings(config: Config, origin: string) {
  return {
    apiBaseUrl: config.API_BASE_URL,
    oidcAuthority: config.OIDC_AUTHORITY ?? `${config.PUBLIC_URL ?? origin}/oidc`,
    oidcClientId: config.OIDC_CLIENT_ID,
    captchaSiteKey: config.RECAPTCHA_SITE_KEY,
    mapboxToken: config.MAPBOX_TOKEN,
  };
}
