/**
 * Runtime settings the server injects into index.html as
 * `<script id="runtime-settings" type="application/json">` (docs/decisions/001).
 * They are read at start, not baked in at build time, so one build serves every deployment.
 *
 * Checked by hand rather than with zod: this module is on every first load and its rule is
 * small (every field an optional non-empty string, some with a default), while zod's core would
 * be about 14 kB gzip of the first-load JavaScript (docs/decisions/020).
 */

/**
 * The embedded sandbox card provider's public keys (decision 012): its script, like Accept.js,
 * wants a client key and an API login id; the server sends Authorize.net's real (public) ones
 * when PAYMENT_GATEWAY=authorize-net.
 */
export const SANDBOX_PAYMENT_CLIENT_KEY = 'sandbox-public-client-key';
export const SANDBOX_PAYMENT_API_LOGIN_ID = 'sandbox';

export interface RuntimeSettings {
  apiBaseUrl: string;
  oidcAuthority: string;
  oidcClientId: string;
  captchaSiteKey?: string;
  mapboxToken?: string;
  /** The card provider's browser script (Accept.js interface); the sandbox script when absent. */
  paymentScriptUrl?: string;
  /** Accept.js `authData.clientKey` (Authorize.net's Public Client Key: public by design). */
  paymentClientKey: string;
  /** Accept.js `authData.apiLoginID` (public; the transaction key never leaves the server). */
  paymentApiLoginId: string;
  /** The deployed content's version: page content cached in the browser session is kept only for it. */
  contentVersion?: string;
}

/** Every field, with its default (undefined: optional, left out when absent). */
const fields: Record<keyof RuntimeSettings, string | undefined> = {
  apiBaseUrl: '/api',
  oidcAuthority: '/oidc',
  oidcClientId: 'storefront',
  captchaSiteKey: undefined,
  mapboxToken: undefined,
  paymentScriptUrl: undefined,
  paymentClientKey: SANDBOX_PAYMENT_CLIENT_KEY,
  paymentApiLoginId: SANDBOX_PAYMENT_API_LOGIN_ID,
  contentVersion: undefined,
};

export class RuntimeSettingsError extends Error {}

/**
 * Validates raw settings: an object whose known fields are non-empty strings (unknown fields are
 * dropped, missing ones defaulted). Throws naming every bad field.
 */
function parseRuntimeSettings(raw: unknown): RuntimeSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RuntimeSettingsError('Invalid runtime settings: (root): expected an object');
  }
  const input = raw as Record<string, unknown>;
  const settings: Record<string, string> = {};
  const issues: string[] = [];
  for (const [key, fallback] of Object.entries(fields)) {
    const value = input[key];
    if (value === undefined) {
      if (fallback !== undefined) settings[key] = fallback;
    } else if (typeof value !== 'string') {
      issues.push(`${key}: expected a string, received ${value === null ? 'null' : typeof value}`);
    } else if (value.length === 0) {
      issues.push(`${key}: expected a non-empty string`);
    } else {
      settings[key] = value;
    }
  }
  if (issues.length > 0) throw new RuntimeSettingsError(`Invalid runtime settings: ${issues.join('; ')}`);
  return settings as unknown as RuntimeSettings;
}

/** The settings' rule, for the server's tests of what it sends (`parse` throws naming the field). */
export const runtimeSettingsSchema = { parse: parseRuntimeSettings };

export const runtimeSettingsElementId = 'runtime-settings';

/** Defaults used when nothing is injected (unit tests, a bare `vite preview`). */
export const defaultRuntimeSettings: RuntimeSettings = parseRuntimeSettings({});

/**
 * Reads and validates the injected settings. A missing element gives the defaults; a present but
 * malformed one is a deployment error and throws with the offending field named, so it is caught
 * at start instead of as a wrong API base later.
 */
export function readRuntimeSettings(doc: Document | undefined = globalThis.document): RuntimeSettings {
  const element = doc?.getElementById(runtimeSettingsElementId);
  const text = element?.textContent?.trim();
  if (!text) return defaultRuntimeSettings;

  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`Runtime settings (#${runtimeSettingsElementId}) are not valid JSON: ${(error as Error).message}`);
  }
  return parseRuntimeSettings(raw);
}
