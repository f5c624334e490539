// What `npm run machines` reads and writes (issue 20 item 7): the machine files, and each machine's
// shortest paths written out as scenarios in docs/machines/<name>.md, for QA and engineers who read
// machines rather than test code. The paths come from the machine's path model
// (tests/machines/<name>-model.ts), the one its path test replays, so a scenario here is a test
// there. tests/unit/machines-paths-docs.test.ts fails when a checked-in file is stale.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, EventObject, StateValue } from 'xstate';
import { shortestPaths, type PathModel } from '../tests/machines/test-model';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FoundMachine {
  machine: AnyStateMachine;
  /**
   * What the listing, the scenario doc, the path model and the saved coverage call it: the
   * machine's id, or, in a file not named after the id, the file's name in camelCase. That is a
   * `provide` copy of another file's machine that is a machine of its own (the dealer registration
   * is the form-submit machine with its rules), so it keeps that machine's id.
   */
  name: string;
  /** Relative to the repository, with forward slashes. */
  file: string;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value;

/** Every machine exported by a machines/<folder>/*.machine.ts, in folder and file order. */
export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  const folders = readdirSync(path.join(root, 'machines'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const folder of folders.map((entry) => entry.name).sort()) {
    const dir = path.join(root, 'machines', folder);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.machine.ts')).sort()) {
      const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if (isMachine(value)) found.push({ machine: value, name: nameOf(value.id, file), file: `machines/${folder}/${file}` });
      }
    }
  }
  return found;
}

/** File names are kebab-case (DESIGN.md section 2); machine ids are camelCase. */
const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The machine's id where its file is named after it (`form-submit.machine.ts`), else the file's name. */
function nameOf(id: string, file: string): string {
  const base = file.slice(0, -'.machine.ts'.length);
  return kebab(id) === base ? id : camel(base);
}

/** A machine's path model and its scenario doc, by machine name, relative to the repository. */
export const modelFileOf = (id: string) => `tests/machines/${kebab(id)}-model.ts`;
export const scenarioFileOf = (id: string) => `docs/machines/${kebab(id)}.md`;

/** `cart`, or a doc's own name (`builder-bridge` for `builderBridge`). */
export const isNamed = (id: string, name: string) => id === name || kebab(id) === name;

const isPathModel = (value: unknown): value is PathModel<AnyStateMachine> =>
  typeof value === 'object' && value !== null && 'machine' in value && 'options' in value && 'starts' in value;

/**
 * The machine's path models (the cart has two graphs), in the order of their export names: a module
 * namespace lists its exports alphabetically.
 */
async function pathModelsOf({ machine, name }: FoundMachine): Promise<PathModel<AnyStateMachine>[]> {
  const file = path.join(root, modelFileOf(name));
  if (!existsSync(file)) throw new Error(`No path model for machine '${name}': ${modelFileOf(name)} is missing.`);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const models = Object.values(module).filter((value) => isPathModel(value) && value.machine.id === machine.id);
  if (models.length === 0) throw new Error(`${modelFileOf(name)} exports no path model (a PathModel) of machine '${name}'.`);
  return models as PathModel<AnyStateMachine>[];
}

/** `placingOrder.tokenizing`; parallel regions side by side: `toggle.ready + suggestions.idle`. */
export function stateText(value: StateValue): string {
  const nested = (child: StateValue): string => {
    const text = stateText(child);
    return typeof child === 'object' && Object.keys(child).length > 1 ? `(${text})` : text;
  };
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${nested(child)}`))
    .join(' + ');
}

const JSON_WIDTH = 100;
/** A payload's fields are depth 1: objects and arrays from depth 3 on are shown as {…} and […]. */
const JSON_DEPTH = 3;

function abridged(value: unknown, depth: number): unknown {
  // An Error as what it says (JSON.stringify gives `{}` for its own name and message).
  const plain = value instanceof Error ? Object.assign({ name: value.name, message: value.message }, value) : value;
  if (typeof plain !== 'object' || plain === null) return plain;
  if (depth >= JSON_DEPTH) return Array.isArray(plain) ? '[…]' : '{…}';
  if (Array.isArray(plain)) return plain.map((item) => abridged(item, depth + 1));
  return Object.fromEntries(Object.entries(plain).map(([key, item]) => [key, abridged(item, depth + 1)]));
}

/**
 * JSON on one short line: deep parts abridged, then cut to a width, so that a step stays one
 * readable line where a payload is a whole cart (what tells two carts apart, their id and owner,
 * comes first).
 */
export function shortJson(value: unknown): string {
  const json = JSON.stringify(abridged(value, 0)).replaceAll('"{…}"', '{…}').replaceAll('"[…]"', '[…]');
  return json.length <= JSON_WIDTH ? json : `${json.slice(0, JSON_WIDTH - 1)}…`;
}

function eventText(event: EventObject, labelOf: PathModel<AnyStateMachine>['labelOf']): string {
  const { type: _type, ...rest } = event;
  const payload = Object.keys(rest).length ? shortJson(rest) : '';
  const label = labelOf?.(event);
  // Only a name that says more than the event: not its type, not its JSON (an event that is no sample).
  const named = label !== undefined && label !== event.type && label !== JSON.stringify(event);
  return [`\`${event.type}\``, payload && `\`${payload}\``, named && `(${label})`].filter(Boolean).join(' ');
}

/** Steps already written, as a tree: a node is one step line after the steps above it. */
interface StepNode {
  children: Map<string, StepNode>;
  /** The scenario that first took this step after these steps. */
  scenario: number;
}

/**
 * A machine's scenario doc: every start's shortest paths, one numbered list of steps each. A
 * shortest path is mostly an earlier one and a step or two more (the cart's 1,623 paths average
 * 16 steps), so a scenario names the earlier scenario it begins as and lists only its own steps:
 * written out in full, the cart's doc was 3 MB.
 */
export async function renderScenarios(found: FoundMachine): Promise<string> {
  const { machine, name, file } = found;
  const models = await pathModelsOf(found);
  const copyOf = name === machine.id ? '' : ` (the \`${machine.id}\` machine with implementations of its own)`;
  const lines = [
    `# Scenarios of the \`${name}\` machine`,
    '',
    `Machine \`${name}\`${copyOf} in \`${file}\`; sample events and starts in \`${modelFileOf(name)}\`.`,
    `Generated from the shortest paths its path test replays (xstate/graph); do not edit, regenerate with \`npm run machines -- --paths ${name}\`.`,
    `A step reads: in the state before, the event (type, payload${models.some((model) => model.labelOf) ? ', sample name' : ''}) → the state after.`,
    'A scenario that begins as an earlier one says so and lists only the steps that follow.',
  ];
  for (const model of models) {
    for (const { start, paths } of shortestPaths(model)) {
      lines.push('');
      if (start.name) lines.push(`## Start: ${start.name}`, '');
      if (start.input !== undefined) lines.push(`Input: \`${shortJson(start.input)}\``, '');
      lines.push(`${paths.length} scenario${paths.length === 1 ? '' : 's'}.`);
      const written: StepNode = { children: new Map(), scenario: 0 };
      paths.forEach((scenario, index) => {
        const number = index + 1;
        lines.push('', `### ${number}. to \`${stateText(scenario.state.value)}\``);
        // steps[0] is the start (event xstate.init); each later step is the event taken and the state reached.
        const [first, ...rest] = scenario.steps;
        if (rest.length === 0) {
          lines.push(`1. the start: \`${stateText(first.state.value)}\``);
          return;
        }
        let before = first.state;
        const stepLines = rest.map((step) => {
          const line = `in \`${stateText(before.value)}\`: ${eventText(step.event, model.labelOf)} → \`${stateText(step.state.value)}\``;
          before = step.state;
          return line;
        });
        let node = written;
        let shared = 0;
        while (shared < stepLines.length && node.children.has(stepLines[shared])) node = node.children.get(stepLines[shared++])!;
        if (shared > 0) lines.push(`Steps 1-${shared} of scenario ${node.scenario}, then:`);
        stepLines.slice(shared).forEach((line, offset) => {
          const child: StepNode = { children: new Map(), scenario: number };
          node.children.set(line, child);
          node = child;
          lines.push(`${shared + offset + 1}. ${line}`);
        });
        if (shared === stepLines.length) lines.push('(no step of its own: it ends where that scenario passes)');
      });
    }
  }
  return `${lines.join('\n')}\n`;
}
