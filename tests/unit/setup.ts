import { configure } from '@testing-library/react';
import { loadActorHooks } from '../../src/services/actor-selector';

// Screens are lazy chunks transformed by Vite on first import: a cold import on a shared 2-core
// machine can take over a second, Testing Library's default wait. Waits end as soon as the UI is there.
configure({ asyncUtilTimeout: 5000 });

// The app loads @xstate/react beside its actors (decision 064); components given actors at once read
// them without suspending, as on the server.
await loadActorHooks();

// jsdom has no CSS.escape, which react-aria's modal and focus scope use (the cart panel, radio
// groups inside a tab panel). Set once for every DOM test file: files share the worker's globals
// (isolate: false), so a file's own stub was undone by another file's vi.unstubAllGlobals.
if (!globalThis.CSS?.escape) {
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`) } });
}
