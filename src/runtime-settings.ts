// zod/mini: the same validation with a tree-shakable API, since this runs on the first-load path.
import * as z from 'zod/mini';

/**
 * Runtime settings the server injects into index.html as
 * `<script id="runtime-settings" type="application/json">` (docs/decisions/001).
 * They are read at start, not baked in at build time, so one build serves every deployment.
 */
const text = () => z.string().check(z.minLength(1));

/**
 * The embedded sandbox card provider's public keys (decision 012): its script, like Accept.js,
 * wants a client key and an API login id; the server sends Authorize.net's real (public) ones
 * when PAYMENT_GATEWAY=authorize-net.
 */
export const SANDBOX_PAYMENT_CLIENT_KEY = 'sandbox-public-client-key';
export const SANDBOX_PAYMENT_API_LOGIN_ID = 'sandbox';

export const runtimeSettingsSchema = z.object({
  apiBaseUrl: z._default(text(), '/api'),
  oidcAuthority: z._default(text(), '/oidc'),
  oidcClientId: z._default(text(), 'storefront'),
  captchaSiteKey: z.optional(text()),
  mapboxToken: z.optional(text()),
  /** The card provider's browser script (Accept.js interface); the sandbox script when absent. */
  paymentScriptUrl: z.optional(text()),
  /** Accept.js `authData.clientKey` (Authorize.net's Public Client Key: public by design). */
  paymentClientKey: z._default(text(), SANDBOX_PAYMENT_CLIENT_KEY),
  /** Accept.js `authData.apiLoginID` (public; the transaction key never leaves the server). */
  paymentApiLoginId: z._default(text(), SANDBOX_PAYMENT_API_LOGIN_ID),
});

export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;

export const runtimeSettingsElementId = 'runtime-settings';

/** Defaults used when nothing is injected (unit tests, a bare `vite preview`). */
export const defaultRuntimeSettings: RuntimeSettings = runtimeSettingsSchema.parse({});

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
  const result = runtimeSettingsSchema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid runtime settings: ${issues.join('; ')}`);
  }
  return result.data;
}
