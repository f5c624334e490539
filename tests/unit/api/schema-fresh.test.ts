// @vitest-environment node
// The generated API types must match the contracts (DESIGN.md section 1: generated files are
// never edited and a check fails when they are stale). Uses the same generator as gen:api.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generate, targets } from '../../../scripts/gen-api.mjs';

const root = new URL('../../../', import.meta.url);

describe('generated API types', () => {
  it('covers both contracts', () => {
    expect(targets.map((t) => t.output)).toEqual(['src/api/schema.ts', 'src/api/geocoding-schema.ts']);
  });

  for (const { input, output } of targets) {
    it(`${output} is up to date with ${input}`, async () => {
      const committed = await readFile(new URL(output, root), 'utf8');
      const fresh = await generate(input);
      if (fresh !== committed) {
        throw new Error(`${output} is stale: run npm run gen:api`);
      }
      expect(fresh).toBe(committed);
    }, 30_000);
  }
});
