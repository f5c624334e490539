import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { SHIPPED_MIGRATIONS } from '../../server/src/health';

/** Operators' probes (issue 21 item 4): liveness, and readiness that follows the database and shutdown. */
describe('/healthz and /readyz', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/healthz answers while the process is up, uncached', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz is ready when the database answers and has applied every shipped migration', async () => {
    expect(SHIPPED_MIGRATIONS).toBeGreaterThan(10);
    const res = await fetch(`${server.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: server.database.kind, migrations: SHIPPED_MIGRATIONS });
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const other = await startTestServer();
    await other.database.close();
    const answer = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'database unavailable' });
    // Its own close closes the database again, which fails; the scratch database is dropped anyway.
    await other.close().catch(() => undefined);
  });
});
