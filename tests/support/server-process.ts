import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './test-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A shop server in an operating-system process of its own, as `npm run serve` starts it. */
export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:port */
  baseUrl: string;
  /** The API root, e.g. http://127.0.0.1:5123/api */
  api: string;
  pid: number;
  /** What it wrote to stdout and stderr (its last lines), to explain a failure. */
  output(): string;
  /** SIGTERM (the server drains, then closes its database); SIGKILL if it has not exited in 10 s. */
  close(): Promise<void>;
  /** Sends a signal, e.g. SIGTERM, and leaves the process to exit on its own. */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Resolves once the process has written `text` (to stdout or stderr), at any time since start. */
  waitForOutput(text: string): Promise<void>;
}

export interface ServerProcessOptions {
  /** The PostgreSQL database both processes share; unset, PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite's directory when there is no `databaseUrl` (one process only). */
  dataDir?: string;
  /** The shop's public address (the issuer): several processes behind one address share it. */
  publicUrl?: string;
  /** More settings, e.g. FORM_RATE_LIMIT. */
  env?: Record<string, string>;
}

const READY_MS = 90_000;

/**
 * Starts `node --import tsx server/src/main.ts` (with the Node running the tests) on a free port
 * and waits until /readyz answers 200: migrations applied, seed written, database answering. No
 * build is served (DIST_DIR names none): the API, the identity provider and the SEO files are.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: options.publicUrl ?? baseUrl,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir }),
    DIST_DIR: path.join(root, 'tests', 'no-build'),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let written = '';
  const waiting = new Set<() => void>();
  const keep = (chunk: Buffer) => {
    lines.push(String(chunk));
    if (lines.length > 40) lines.shift();
    written += String(chunk);
    for (const check of waiting) check();
  };
  const waitForOutput = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!written.includes(text)) return;
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  };
  const deadline = Date.now() + READY_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with code ${child.exitCode}:\n${lines.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the server process did not become ready within ${READY_MS / 1000} s:\n${lines.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    baseUrl,
    api: `${baseUrl}/api`,
    pid: child.pid!,
    output: () => lines.join(''),
    close,
    signal: (name) => void child.kill(name),
    exited,
    waitForOutput,
  };
}
