import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A file inside an installed package, for aliases that pick one of its builds. */
export function packageFile(name: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
}

/**
 * React Router 7's package exports point every condition at its development build
 * (remix-run/react-router#12532), and its entry for Node is CommonJS. Builds use the production
 * build beside it (ENABLE_DEV_WARNINGS = false lets the minifier drop the warnings); the unit tests
 * use the development ES module build, so its react imports meet the Preact aliases.
 */
export function reactRouterAliases(build: 'production' | 'development') {
  return [
    { find: /^react-router$/, replacement: packageFile('react-router', `dist/${build}/index.mjs`) },
    { find: /^react-router\/dom$/, replacement: packageFile('react-router', `dist/${build}/dom-export.mjs`) },
  ];
}
