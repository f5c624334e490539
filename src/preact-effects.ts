import { options } from 'preact';

/**
 * Preact runs effects (useEffect) and the cleanups of unmounted components after the next frame;
 * React runs them at the end of the commit for a click or a key press. React Aria relies on that
 * order: a closing dialog removes `inert` from the page in an effect cleanup and then, in its own
 * animation frame, gives focus back to the button that opened it, which fails while the page is
 * still inert. Flushing effects in a microtask after each commit restores React's order (still
 * after the commit, before the next frame). Imported first by main.tsx and by the unit tests'
 * setup (docs/decisions/024).
 */
options.requestAnimationFrame = (flush: () => void) => queueMicrotask(flush);
