import { configure } from '@testing-library/react';
import { loadActorHooks } from '../../src/services/actor-selector';

// Screens are lazy chunks transformed by Vite on first import: a cold import on a shared 2-core
// machine can take over a second, Testing Library's default wait. Waits end as soon as the UI is there.
configure({ asyncUtilTimeout: 5000 });

// The app loads @xstate/react beside its actors (decision 064); components given actors at once read
// them without suspending, as on the server.
await loadActorHooks();
