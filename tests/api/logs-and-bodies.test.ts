import { request as httpRequest } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/src/logging';
import { orderLinkUrl } from '../../server/src/checkout/order-link';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '../../server/src/identity/account-recovery';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 39 items 4 and 6 (decision 075): the info log never holds a secret of a request's address
 * or headers, and a body over BODY_LIMIT_BYTES is answered 413 to a client still sending it,
 * not reset.
 */
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
});

afterAll(async () => {
  await server?.close();
});

/** Resolves once the log has a `request completed` line for every request id given. */
async function logged(ids: string[]): Promise<string> {
  for (;;) {
    const text = lines.join('');
    const done = ids.every((id) => lines.some((line) => line.includes(id) && line.includes('request completed')));
    if (done) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('nothing secret in the log (issue 39 item 6)', () => {
  it('an order link, a reset and a verification link, a sign-in callback, a guest cart and a bearer token are logged without their secrets', async () => {
    const orderToken = 'order-link-token-3b9f2e7a1c';
    const link = new URL(orderLinkUrl(server.baseUrl, 4242, orderToken));
    expect(link.search).toContain(orderToken);
    const guest = 'guest-token-5d1c8a9e7f00aa';
    const requests: [string, Record<string, string>?][] = [
      [`${link.pathname}${link.search}`],
      [`/api/Order/4242?t=${orderToken}`],
      [`${RESET_PASSWORD_PATH}?token=reset-token-9a8b7c6d5e`],
      [`${VERIFY_EMAIL_PATH}?lang=en&token=verify-token-1f2e3d4c`],
      ['/auth/callback?code=auth-code-77aa88bb&state=state-value-55cc&iss=x'],
      [`/api/Cart/guest/${guest}`],
      ['/api/User/profile', { authorization: 'Bearer bearer-secret-0f9e8d7c6b' }],
    ];
    const ids: string[] = [];
    for (const [path, headers] of requests) {
      const res = await fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      ids.push(res.headers.get('x-request-id')!);
    }
    const log = await logged(ids);
    for (const secret of [orderToken, 'reset-token-9a8b7c6d5e', 'verify-token-1f2e3d4c', 'auth-code-77aa88bb', 'state-value-55cc', guest, 'bearer-secret-0f9e8d7c6b']) {
      expect(log, secret).not.toContain(secret);
    }
    // What was asked for is still there to read.
    expect(log).toContain(`"url":"/confirm/4242?t=[redacted]"`);
    expect(log).toContain(`"url":"${VERIFY_EMAIL_PATH}?lang=en&token=[redacted]"`);
    expect(log).toContain('"url":"/auth/callback?code=[redacted]&state=[redacted]&iss=x"');
    expect(log).toContain('"url":"/api/Cart/guest/[redacted]"');
  });

  it('redacts by name whatever the spelling, and keeps the rest byte for byte', () => {
    expect(redactUrl('/x?T=1&Token=2&refresh_token=3&code_verifier=4&keep=%20a+b&flag')).toBe(
      '/x?T=[redacted]&Token=[redacted]&refresh_token=[redacted]&code_verifier=[redacted]&keep=%20a+b&flag',
    );
    expect(redactUrl('/x?%74oken=secret')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?bad%zz=1&token=2#frag')).toBe('/x?bad%zz=[redacted]&token=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

/**
 * A relay on loopback standing in for the network between a client and the shop (a load balancer
 * passes a reset on as one): on loopback alone the client reads the answer before the server's
 * reset arrives, on a network the reset comes first and takes the unread answer with it.
 */
async function startRelay(port: number): Promise<{ port: number; close(): void }> {
  const relay = createNetServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.pipe(upstream);
    upstream.pipe(client);
    upstream.on('error', () => client.resetAndDestroy());
    client.on('error', () => upstream.resetAndDestroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { port: (relay.address() as AddressInfo).port, close: () => relay.close() };
}

/** POSTs `size` bytes of JSON over a real socket (node:http), chunked or with Content-Length. */
function postLarge(url: string, size: number, chunked: boolean) {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const body = Buffer.from(JSON.stringify([{ productId: 'x'.repeat(size), quantity: 1 }]));
    const req = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(body.length) }) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
    for (let offset = 0; offset < body.length; offset += 65_536) req.write(body.subarray(offset, offset + 65_536));
    req.end();
  });
}

describe('a body over BODY_LIMIT_BYTES (issue 39 item 4)', () => {
  const size = 1.5 * 1024 * 1024;

  it('is answered 413 with the Problem, read to its end first: the client gets the answer, not EPIPE or a reset', async () => {
    const guest = await fetch(`${server.api}/Auth/guest`, { method: 'POST' }).then((res) => res.json());
    const relay = await startRelay(server.port);
    try {
      const url = `http://127.0.0.1:${relay.port}/api/Cart/guest/${guest.guestToken}/items`;
      for (const chunked of [false, true]) {
        const answer = await postLarge(url, size, chunked);
        expect(answer.status, chunked ? 'chunked' : 'with Content-Length').toBe(413);
        expect(JSON.parse(answer.body)).toEqual({
          status: 413,
          title: 'Payload Too Large',
          message: `The request body is larger than the ${server.config.BODY_LIMIT_BYTES} bytes accepted`,
        });
        expect(answer.connection).toBe('close');
      }
      // Node's fetch too.
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ productId: 'y'.repeat(size), quantity: 1 }]),
      });
      expect(res.status).toBe(413);
      expect((await res.json()).status).toBe(413);
    } finally {
      relay.close();
    }
  });
});
