import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the contract and the server', () => {
  it('serves every operation of openapi/shop.yaml', () => {
    const missing = [...server.contract.operations.values()]
      .filter((op) => !server.app.hasRoute({ method: op.method as 'GET', url: op.url }))
      .map((op) => `${op.operationId} (${op.method} ${op.path})`);
    expect(missing, `operations without a handler:\n${missing.join('\n')}`).toEqual([]);
  });
});
