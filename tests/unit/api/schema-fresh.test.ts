// @vitest-environment node
// The files generated from the contracts must match them (DESIGN.md section 1: generated files
// are never edited and a check fails when they are stale): the API types and the dereferenced
// documents the server and the tests read (decision 054). Uses the same generator as gen:api.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dereferencedTargets, generate, generateDereferenced, targets } from '../../../scripts/gen-api.mjs';

const root = new URL('../../../', import.meta.url);

describe('generated API types', () => {
  it('covers both contracts', () => {
    expect(targets.map((t) => t.output)).toEqual(['src/api/schema.ts', 'src/api/geocoding-schema.ts']);
    expect(dereferencedTargets.map((t) => t.input)).toEqual(targets.map((t) => t.input));
  });

  const generated = [
    ...targets.map((target) => ({ ...target, fresh: generate })),
    ...dereferencedTargets.map((target) => ({ ...target, fresh: generateDereferenced })),
  ];
  for (const { input, output, fresh } of generated) {
    it(`${output} is up to date with ${input}`, async () => {
      const committed = await readFile(new URL(output, root), 'utf8');
      const text = await fresh(input);
      if (text !== committed) {
        throw new Error(`${output} is stale: run npm run gen:api`);
      }
      expect(text).toBe(committed);
    }, 30_000);
  }
});
