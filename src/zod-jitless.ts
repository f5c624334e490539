/**
 * zod 4 compiles object schemas with `new Function` unless told not to, probing for it first.
 * Under the shop's Content-Security-Policy (no 'unsafe-eval', decision 022) that probe is refused
 * and reported as a violation on every page, so zod interprets schemas instead (same results).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig`, the object every copy of zod on a
 * page shares (zod/v4/core: `globalThis.__zod_globalConfig ??= {}`). Setting `jitless` on that
 * object, rather than importing zod's `config()`, keeps zod out of the first-load bundle
 * (decision 020); the object is mutated, not replaced, so this works before or after zod loads.
 * Imported first by src/main.tsx, before any schema runs.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;
