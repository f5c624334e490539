// `npm run machines`: every state machine of the shop with its states, its transitions and the
// transition coverage of the last path-test run (issue 20 item 7), for QA and engineers who read
// machines rather than test code. Coverage comes from .cache/machine-coverage/, written by each
// machine's coverage test (tests/machines/transition-coverage.ts); "not run" until then.
//   npm run machines              the table
//   npm run machines -- cart      one machine's transitions, each marked covered or not
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { COVERAGE_DIR, listTransitions, type SavedCoverage } from '../tests/machines/transition-coverage';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Found {
  machine: AnyStateMachine;
  file: string;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;

async function findMachines(): Promise<Found[]> {
  const found: Found[] = [];
  const folders = readdirSync(path.join(root, 'machines'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const dir = path.join(root, 'machines', folder);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.machine.ts')).sort()) {
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (isMachine(value)) found.push({ machine: value, file: path.relative(root, path.join(dir, file)) });
      }
    }
  }
  return found;
}

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
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));

if (wanted.length === 0) {
  const rows = machines.map(({ machine, file }) => {
    const total = listTransitions(machine).length;
    return [machine.id, String(stateCount(machine.root)), String(total), coverageText(savedCoverage(machine.id), total), file];
  });
  const head = ['machine', 'states', 'transitions', 'covered by the last path-test run', 'file'];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  console.log(line(head));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
  console.log(`\n${machines.length} machines. Coverage is written by \`npm test\` (or \`npx vitest run --project machines\`); open a machine file in the Stately visualizer to see its graph.`);
} else {
  for (const name of wanted) {
    const found = machines.find(({ machine }) => machine.id === name);
    if (!found) {
      console.error(`No machine with id '${name}'. Known: ${machines.map(({ machine }) => machine.id).join(', ')}`);
      process.exit(1);
    }
    const saved = savedCoverage(name);
    const uncovered = new Set(saved?.uncovered ?? []);
    const transitions = listTransitions(found.machine);
    console.log(`${name} (${found.file}): ${stateCount(found.machine.root)} states, ${transitions.length} transitions; covered ${coverageText(saved, transitions.length)}`);
    for (const transition of transitions) {
      console.log(`  ${saved ? (uncovered.has(transition.label) ? '✗' : '✓') : ' '} ${transition.label}`);
    }
  }
}
