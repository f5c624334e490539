import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMachines, renderScenarios, root, scenarioFileOf } from '../../scripts/machine-docs';

/**
 * docs/machines/<name>.md (`npm run machines -- --paths`, issue 20 item 7) is what the machine's
 * path model generates now: each file is generated again here and compared.
 */

const machines = await findMachines();
const regenerate = (id: string) => `regenerate it with \`npm run machines -- --paths ${id}\` (or \`--paths all\`)`;

/** The first line where two texts differ, both versions, or null when they are the same. */
function firstDifference(actual: string, expected: string): string | null {
  if (actual === expected) return null;
  const have = actual.split('\n');
  const want = expected.split('\n');
  const line = want.findIndex((text, index) => have[index] !== text);
  const at = line === -1 ? want.length : line;
  return `line ${at + 1}: checked in ${JSON.stringify(have[at] ?? '(end of file)')}, generated ${JSON.stringify(want[at] ?? '(end of file)')}`;
}

describe('docs/machines: the scenarios of every machine', () => {
  for (const found of machines) {
    const file = scenarioFileOf(found.name);
    it(`${file} is up to date`, async () => {
      const absolute = path.join(root, file);
      expect(existsSync(absolute), `${file} is missing: ${regenerate(found.name)}.`).toBe(true);
      const difference = firstDifference(readFileSync(absolute, 'utf8'), await renderScenarios(found));
      expect(difference, `${file} is stale (${difference}): ${regenerate(found.name)}.`).toBeNull();
    }, 60_000);
  }

  it('has no scenario file of a machine that is gone', () => {
    const known = new Set(machines.map(({ name }) => path.basename(scenarioFileOf(name))));
    const files = readdirSync(path.join(root, 'docs/machines')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    expect(files.filter((name) => !known.has(name)), 'delete the scenario files of machines that no longer exist').toEqual([]);
  });
});
