import { config } from 'zod/v4/core';

/**
 * zod 4 compiles object schemas with `new Function` unless told not to, probing for it first.
 * Under the shop's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported
 * as a violation on every page, so zod is told up front to interpret schemas instead (same
 * results). Imported first by src/main.tsx, before any schema runs.
 */
config({ jitless: true });
