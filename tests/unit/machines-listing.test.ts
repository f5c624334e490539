import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run machines` (scripts/machines.ts, issue 20 item 7) lists every machine file's machine. */
describe('npm run machines', () => {
  const root = path.resolve(__dirname, '../..');
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/machines.ts', ...args], { cwd: root, encoding: 'utf8' });

  it('lists a row for every machines/*/*.machine.ts with states, transitions and coverage', () => {
    const result = run();
    expect(result.status, result.stderr).toBe(0);
    const files = readdirSync(path.join(root, 'machines'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.machine.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(result.stdout).toContain(`machines/${file.split(path.sep).join('/')}`);
    expect(result.stdout).toMatch(/^cart\s+\d+\s+\d+\s+(\d+\/\d+ \(\d+%\)|not run)/m);
  }, 60_000);

  it('prints one machine transition by transition, and refuses an unknown name', () => {
    const cart = run('cart');
    expect(cart.status, cart.stderr).toBe(0);
    expect(cart.stdout).toMatch(/^cart \(machines\/cart\/cart\.machine\.ts\): \d+ states, \d+ transitions/);
    expect(cart.stdout).toMatch(/--cart\.item\.add-->/);
    const unknown = run('no-such-machine');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("No machine with id 'no-such-machine'");
  }, 60_000);
});
