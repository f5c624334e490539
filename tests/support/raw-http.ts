import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came, not decompressed. */
  body: Buffer;
  text: string;
}

/**
 * A request as a client writes it, answered as the bytes arrive: `target` (path and query) is sent
 * byte for byte to `origin`'s host and port, with any header (Host included), and the body comes
 * back as sent (compressed, if it was). fetch would tidy the path, refuse a Host header and undo
 * the compression the tests check.
 */
export function rawRequest(
  origin: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: target, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** rawRequest for a whole URL (its path and query as the URL parser wrote them). */
export function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  const parsed = new URL(url);
  return rawRequest(parsed.origin, `${parsed.pathname}${parsed.search}`, { method, headers });
}
