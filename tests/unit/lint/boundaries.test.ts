import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rooms of the house (docs/decisions/058-feature-boundaries.md), checked against the real
 * config: each zone of `import-x/no-restricted-paths` fires on a real file's import, and
 * `import-x/no-cycle` on a real cycle. The imported files exist, so the rules can resolve them.
 */
const eslint = new ESLint();

async function boundaryMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('feature boundaries', () => {
  it('refuse a feature importing another feature', async () => {
    const messages = await boundaryMessages('src/features/home/example.ts', "import { searchLoader } from '../search/search-loader';\nexport const x = searchLoader;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/no-restricted-paths: .*A feature imports only src\/components/);
  });

  it('refuse a feature importing src/app', async () => {
    const messages = await boundaryMessages('src/features/home/example.ts', "import { Shell } from '../../app/shell';\nexport const x = Shell;\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/A feature imports only/);
  });

  it('let a feature import its own modules and the shared layers', async () => {
    const code = [
      "import { HomeScreen } from './home-screen';",
      "import { CollectionCard } from '../../components/collection-card';",
      "import { useAppServices } from '../../services/providers';",
      "import { formatPrice } from '../../domain/money';",
      "import { unwrap } from '../../api/client';",
      "import { paths } from '../../config/paths';",
      "import { selectItemCount } from '../../../machines/cart/cart.selectors';",
      'export const x = [HomeScreen, CollectionCard, useAppServices, formatPrice, unwrap, paths, selectItemCount];',
    ].join('\n');
    expect(await boundaryMessages('src/features/home/example.ts', code)).toEqual([]);
  });

  it('refuse shared code importing a feature or src/app', async () => {
    const fromComponent = await boundaryMessages('src/components/example.tsx', "import { HomeScreen } from '../features/home/home-screen';\nexport const x = HomeScreen;\n");
    expect(fromComponent.join('\n')).toMatch(/Shared code does not import src\/app or a feature/);
    const fromServices = await boundaryMessages('src/services/example.ts', "import { Shell } from '../app/shell';\nexport const x = Shell;\n");
    expect(fromServices.join('\n')).toMatch(/Shared code does not import src\/app or a feature/);
  });

  it('keep rules, the API layer and the config free of components and services', async () => {
    const messages = await boundaryMessages('src/domain/example.ts', "import { ErrorList } from '../components/error-list';\nexport const x = ErrorList;\n");
    expect(messages.join('\n')).toMatch(/Rules, the API layer and the config stay free of React/);
  });

  it('let the server import the rules, the schema, the paths and the page renderer only', async () => {
    const refused = await boundaryMessages('server/src/example.ts', "import { HomeScreen } from '../../src/features/home/home-screen';\nexport const x = HomeScreen;\n");
    expect(refused.join('\n')).toMatch(/The server imports only/);
    const shell = await boundaryMessages('server/src/example.ts', "import { Shell } from '../../src/app/shell';\nexport const x = Shell;\n");
    expect(shell.join('\n')).toMatch(/The server imports only/);
    const allowed = [
      "import type { RenderRequest } from '../../src/app/server-entry';",
      "import { paths } from '../../src/config/paths';",
      "import { isValidEmail } from '../../src/domain/email';",
      'export type X = RenderRequest;',
      'export const x = [paths, isValidEmail];',
    ].join('\n');
    expect(await boundaryMessages('server/src/example.ts', allowed)).toEqual([]);
  });
});

describe('import cycles', () => {
  it('are refused', async () => {
    // map-collection.ts imports safe-url.ts; safe-url importing map-collection closes a cycle.
    const messages = await boundaryMessages('src/domain/safe-url.ts', "import { productUrl } from './map-collection';\nexport const x = productUrl;\n");
    expect(messages.join('\n')).toMatch(/no-cycle/);
  });
});
