import { configure } from '@testing-library/react';
// The browser's effect timing (src/preact-effects.ts, imported first by main.tsx).
import '../../src/preact-effects';

// Screens are lazy chunks whose libraries go through Vite's transform on first import (every
// library is inlined for the unit tests, decision 024): a cold import on a shared 2-core machine
// can take over a second, Testing Library's default wait. Waits end as soon as the UI is there.
configure({ asyncUtilTimeout: 5000 });
