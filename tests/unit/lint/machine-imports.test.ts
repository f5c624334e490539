import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import rules of docs/decisions/003-machine-imports.md, checked against the real config. */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('machines/ import rules', () => {
  it('refuses React and src/ in a machine file', async () => {
    const messages = await restrictedImports(
      'machines/example/example.machine.ts',
      "import { useState } from 'react';\nimport { paths } from '../../src/app/paths';\nexport const x = [useState, paths];\n",
    );
    expect(messages).toHaveLength(2);
    expect(messages.join('\n')).toMatch(/must not import React/);
    expect(messages.join('\n')).toMatch(/must not import from src\//);
  });

  it('allows the pure rules of src/domain in a machine file', async () => {
    const messages = await restrictedImports(
      'machines/example/example.machine.ts',
      "import { rule } from '../../src/domain/rule';\nexport const x = rule;\n",
    );
    expect(messages).toEqual([]);
  });

  it('lets actors use the API client but nothing else of src/', async () => {
    expect(
      await restrictedImports(
        'machines/example/example.actors.ts',
        "import { createApiClient } from '../../src/api/client';\nexport const x = createApiClient;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'machines/example/example.actors.ts',
        "import { paths } from '../../src/app/paths';\nexport const x = paths;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps openapi-fetch inside src/api/client.ts', async () => {
    expect(
      await restrictedImports('src/features/x.ts', "import createClient from 'openapi-fetch';\nexport const x = createClient;\n"),
    ).toHaveLength(1);
  });
});
