/**
 * Whether the visitor asked for reduced motion (the `prefers-reduced-motion` media query): then
 * scrolls jump and carousels do not rotate. False where there is no `matchMedia` (the server).
 */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
