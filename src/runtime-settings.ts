// zod/mini: the same validation with a tree-shakable API, since this runs on the first-load path.
import * as z from 'zod/mini';

/**
 * Runtime settings the server injects into index.html as
 * `<script id="runtime-settings" type="application/json">` (docs/decisions/001).
 * They are read at start, not baked in at build time, so one build serves every deployment.
 */
const text = () => z.string().check(z.minLength(1));

export const runtimeSettingsSchema = z.object({
  apiBaseUrl: z._default(text(), '/api'),
  oidcAuthority: z._default(text(), '/oidc'),
  oidcClientId: z._default(text(), 'storefront'),
  captchaSiteKey: z.optional(text()),
  mapboxToken: z.optional(text()),
  paymentScriptUrl: z.optional(text()),
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
