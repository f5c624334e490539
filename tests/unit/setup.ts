import { configure } from '@testing-library/react';

// Screens are lazy chunks transformed by Vite on first import: a cold import on a shared 2-core
// machine can take over a second, Testing Library's default wait. Waits end as soon as the UI is there.
configure({ asyncUtilTimeout: 5000 });
