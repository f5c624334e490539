/**
 * The one error type of the API clients (src/api/client.ts).
 *
 * `message` follows the spec's network-error rule (shop-core section 8): the response body's
 * `message`, else its `title`, else the error's own message or the HTTP status text. Views show
 * it as 'Error: {message}'; the client itself never shows anything.
 */

/** http: the server answered outside 200-299; the others: no answer at all. */
export type ApiErrorCode = 'http' | 'network' | 'timeout' | 'cancelled';

export interface ApiErrorInit {
  code: ApiErrorCode;
  /** HTTP status, or 0 when there was no answer. */
  status: number;
  title: string;
  message: string;
  requestId?: string | null;
  /** The parsed response body (JSON when it parses, else text), if any. */
  body?: unknown;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly title: string;
  readonly requestId: string | null;
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.title = init.title;
    this.requestId = init.requestId ?? null;
    this.body = init.body;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function field(body: unknown, key: string): string | undefined {
  return body !== null && typeof body === 'object' ? nonEmptyString((body as Record<string, unknown>)[key]) : undefined;
}

/** The spec's rule: body.message, else body.title, else the fallback. */
export function errorMessage(body: unknown, fallback: string): string {
  return field(body, 'message') ?? field(body, 'title') ?? fallback;
}

/** An ApiError for an answer outside 200-299. */
export function httpError(response: Response, body: unknown, requestId: string | null): ApiError {
  const statusText = nonEmptyString(response.statusText) ?? `HTTP ${response.status}`;
  return new ApiError({
    code: 'http',
    status: response.status,
    title: field(body, 'title') ?? statusText,
    message: errorMessage(body, statusText),
    requestId,
    body,
  });
}

/** An ApiError for a request that got no answer (fetch threw). */
export function transportError(error: unknown, requestId: string | null): ApiError {
  if (error instanceof ApiError) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const code: ApiErrorCode = name === 'AbortError' ? 'cancelled' : name === 'TimeoutError' ? 'timeout' : 'network';
  const title = code === 'cancelled' ? 'Cancelled' : code === 'timeout' ? 'Timeout' : 'Network Error';
  const own = error instanceof Error ? nonEmptyString(error.message) : nonEmptyString(error);
  return new ApiError({ code, status: 0, title, message: own ?? title, requestId, cause: error });
}
