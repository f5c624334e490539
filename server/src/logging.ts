import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Query parameters whose values open something (issue 39 item 6, decision 075): the order link's
 * `t` (opens an order for 30 days), the reset and verification links' `token`, OAuth's `code`,
 * `state`, `code_verifier` and tokens (a sign-in's callback and token requests), the geocoding
 * `key` a client might send. Compared in lower case.
 */
export const SECRET_QUERY_PARAMS = new Set([
  't',
  'token',
  'code',
  'state',
  'nonce',
  'code_verifier',
  'code_challenge',
  'refresh_token',
  'access_token',
  'id_token',
  'id_token_hint',
  'client_secret',
  'password',
  'key',
  'guestid',
  'uid',
]);

/** Path segments that are secrets themselves: a guest cart's token (`/api/Cart/guest/{token}`). */
const SECRET_PATH = /(\/Cart\/guest\/)[^/?#]+/gi;

export const REDACTED = '[redacted]';

/** Where log lines go instead of stdout (tests read them): pino's destination shape. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The request's address as it may be written to the log: every value of a secret query parameter
 * and every guest token in the path replaced by `[redacted]`; names and other values kept, so
 * the log still tells which page was asked for. The query is rewritten by hand, not through
 * URLSearchParams, so what is kept is byte for byte what the client sent.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  const path = (mark === -1 ? withoutHash : withoutHash.slice(0, mark)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (mark === -1) return path;
  const query = withoutHash
    .slice(mark + 1)
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const equals = part.indexOf('=');
      const rawName = equals === -1 ? part : part.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as it came; its value is hidden below all the same.
        return equals === -1 ? part : `${rawName}=${REDACTED}`;
      }
      return equals !== -1 && SECRET_QUERY_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : part;
    })
    .join('');
  return `${path}?${query}`;
}

/**
 * What a request is logged as: Fastify's default fields (method, url, host, remote address and
 * port) with the address redacted. No header is logged, so an Authorization or Cookie value never
 * is; `client` is the address the limits count (request.ip, which honours TRUST_PROXY) when it
 * differs from the socket's.
 */
export function serializeRequest(request: FastifyRequest) {
  const ip = request.ip;
  const remoteAddress = request.socket?.remoteAddress;
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress,
    remotePort: request.socket?.remotePort,
    ...(ip && ip !== remoteAddress ? { client: ip } : {}),
  };
}

/**
 * The server's pino options (Fastify's `logger`): the level from LOG_LEVEL, the request serializer
 * above, and pino's redaction of credential headers and fields in anything else a route logs.
 */
export function loggerOptions(config: Config, stream?: LogStream): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'authorization',
        'password',
        'token',
        'refresh_token',
        'access_token',
      ],
      censor: REDACTED,
    },
    ...(stream ? { stream } : {}),
  };
}
