import type { InspectionEvent, Observer } from 'xstate';

/**
 * Stately inspector for development (https://stately.ai/docs/inspector).
 *
 * Turn it on with `?inspect` in the URL (once) or `localStorage.setItem('inspect', '1')` (sticky;
 * remove the key to turn it off). The inspector window then shows every app actor live: its
 * machine, current state and the events it receives. It is passed as `inspect` when the app's
 * actors are created (src/app/app-actors.ts), so it must be ready before they start.
 *
 * Production never loads it: `import.meta.env.DEV` is false in a build, the branch is removed
 * and with it the dynamic import, so @statelyai/inspect is not even emitted as a chunk.
 */
export async function loadInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!inspectorRequested()) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

function inspectorRequested(): boolean {
  try {
    return new URLSearchParams(window.location.search).has('inspect') || window.localStorage.getItem('inspect') === '1';
  } catch {
    return false;
  }
}
