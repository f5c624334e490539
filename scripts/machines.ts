// `npm run machines`: every state machine of the shop with its states, its transitions and the
// transition coverage of the last path-test run (issue 20 item 7), for QA and engineers who read
// machines rather than test code. Coverage comes from .cache/machine-coverage/, written by each
// machine's coverage test (tests/machines/transition-coverage.ts); "not run" until then.
//   npm run machines                  the table
//   npm run machines -- cart          one machine's transitions, each marked covered or not
//   npm run machines -- paths cart    writes the machine's shortest paths as scenarios to
//                                     docs/machines/cart.md (scripts/machine-docs.ts); `paths
//                                     all`, or no name, writes every machine's (`--paths` works too)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateNode } from 'xstate';
import { COVERAGE_DIR, listTransitions, type SavedCoverage } from '../tests/machines/transition-coverage';
import { findMachines, isNamed, renderScenarios, root, scenarioFileOf, type FoundMachine } from './machine-docs';

function stateCount(node: AnyStateNode): number {
  return Object.values(node.states as Record<string, AnyStateNode>).reduce((sum, child) => sum + 1 + stateCount(child), 0);
}

function savedCoverage(id: string): SavedCoverage | null {
  const file = path.join(COVERAGE_DIR, `${id}.json`);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as SavedCoverage;
  } catch {
    return null; // unreadable: shown as not run
  }
}

function coverageText(saved: SavedCoverage | null, total: number): string {
  if (!saved) return 'not run';
  const stale = saved.total !== total ? ' (machine changed since)' : '';
  return `${saved.covered}/${saved.total} (${Math.round((saved.covered / saved.total) * 100)}%), ${saved.at.slice(0, 16).replace('T', ' ')}${stale}`;
}

const machines = await findMachines();
const args = process.argv.slice(2);
// `paths` as the issue words it (`npm run machines -- paths cart`), or `--paths`.
const writePaths = args[0] === 'paths' || args.includes('--paths');
const wanted = args.filter((arg, index) => !arg.startsWith('-') && !(index === 0 && arg === 'paths'));

function named(name: string): FoundMachine {
  const found = machines.find((candidate) => isNamed(candidate.name, name));
  if (!found) {
    console.error(`No machine with id '${name}'. Known: ${machines.map((candidate) => candidate.name).join(', ')}`);
    process.exit(1);
  }
  return found;
}

if (writePaths) {
  const chosen = wanted.length === 0 || wanted.includes('all') ? machines : wanted.map(named);
  mkdirSync(path.join(root, 'docs/machines'), { recursive: true });
  for (const found of chosen) {
    const file = scenarioFileOf(found.name);
    writeFileSync(path.join(root, file), await renderScenarios(found));
    console.log(`wrote ${file}`);
  }
} else if (wanted.length === 0) {
  const rows = machines.map(({ machine, name, file }) => {
    const total = listTransitions(machine).length;
    return [name, String(stateCount(machine.root)), String(total), coverageText(savedCoverage(name), total), file];
  });
  const head = ['machine', 'states', 'transitions', 'covered by the last path-test run', 'file'];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  console.log(line(head));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  // A provided copy has no config of its own: the visualizer draws it from its machine's file.
  const copies = machines
    .filter(({ machine, name }) => name !== machine.id)
    .map(({ machine, name }) => `; ${name} in ${machines.find((other) => other.name === machine.id)?.file ?? machine.id}`);
  console.log(`\n${machines.length} machines. Coverage is written by \`npm test\` (or \`npx vitest run --project machines\`); open a machine file in the Stately visualizer to see its graph${copies.join('')}.`);
} else {
  for (const name of wanted) {
    const { machine, name: machineName, file } = named(name);
    const saved = savedCoverage(machineName);
    const uncovered = new Set(saved?.uncovered ?? []);
    const transitions = listTransitions(machine);
    console.log(`${machineName} (${file}): ${stateCount(machine.root)} states, ${transitions.length} transitions; covered ${coverageText(saved, transitions.length)}`);
    for (const transition of transitions) {
      console.log(`  ${saved ? (uncovered.has(transition.label) ? '✗' : '✓') : ' '} ${transition.label}`);
    }
  }
}
