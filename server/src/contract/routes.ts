import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../src/api/schema';
import { describeErrors, type Contract, type Operation } from './contract';
import { SIGN_IN_REQUIRED } from '../identity/bearer';
import { HttpError, problem, unauthorized } from '../problem';
import { chooseEncoding } from '../compression';
import { etagMatches, PreparedJson } from './prepared-json';

/**
 * Handlers are typed from the generated contract types (src/api/schema.ts), so the server and
 * the browser share one definition of every body (nothing typed by hand twice).
 */
export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
type ParamsOf<K extends OperationId, Where extends 'path' | 'query' | 'header'> =
  Op<K>['parameters'] extends { [P in Where]?: infer X } ? (undefined extends X ? Partial<NonNullable<X>> : X) : Record<string, never>;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;
export type BodyOf<K extends OperationId> = Op<K> extends { requestBody: infer R }
  ? JsonOf<R>
  : Op<K> extends { requestBody?: infer R }
    ? JsonOf<NonNullable<R>> | undefined
    : undefined;
type SuccessStatus = 200 | 201 | 202;
export type ResultOf<K extends OperationId> = {
  [S in SuccessStatus]: Op<K>['responses'] extends { [P in S]: infer R } ? JsonOf<R> : never;
}[SuccessStatus];

export interface HandlerContext<K extends OperationId> {
  params: ParamsOf<K, 'path'>;
  query: ParamsOf<K, 'query'>;
  body: BodyOf<K>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers its result, or the same result serialized once (prepared-json.ts). */
export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<ResultOf<K> | PreparedJson<ResultOf<K>>>;
export type Handlers = { [K in OperationId]?: Handler<K> };

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
    /** The answer is the caller's own: sent with `Cache-Control: no-store` (app.ts, decision 028). */
    personal?: boolean;
  }
}

function successStatus(op: Operation): number {
  const status = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
  return status ? Number(status) : 200;
}

/**
 * The route's response schema for Fastify's serializer (fast-json-stringify, compiled once per
 * route; issue 21 item 1): the contract's JSON schema of the success answer. Answers sent as
 * prepared bytes skip it, and so do schemas that still hold a `$ref` (rich text holds rich text:
 * only the content documents, which are prepared). Error answers keep JSON.stringify.
 */
function responseSchemas(op: Operation, status: number): { response: Record<number, unknown> } | undefined {
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema || JSON.stringify(schema).includes('"$ref"')) return undefined;
  return { response: { [status]: schema } };
}

export function registerOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: Handlers,
  options: { validateResponses: boolean },
): void {
  for (const [operationId, handler] of Object.entries(handlers) as [OperationId, Handler<OperationId>][]) {
    const op = contract.operations.get(operationId);
    if (!op) throw new Error(`Operation ${operationId} is not in the contract`);
    const status = successStatus(op);
    app.route({
      method: op.method as 'GET',
      url: op.url,
      config: { operationId, personal: op.personal },
      schema: responseSchemas(op, status),
      // Signed-in-only operations answer 401 before anything else (bearer tokens themselves are
      // checked for every request in identity/bearer.ts, which sets request.user).
      onRequest: op.requiresBearer
        ? async (request) => {
            if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
          }
        : undefined,
      preValidation: async (request) => validateRequest(op, request),
      handler: async (request, reply) => {
        const result = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          request,
          reply,
        });
        if (reply.sent) return reply;
        reply.code(reply.statusCode === 200 ? status : reply.statusCode);
        if (result instanceof PreparedJson) return sendPrepared(op, operationId, result, request, reply, options.validateResponses);
        return result ?? null;
      },
    });
  }
}

/**
 * A prepared answer goes out as its bytes with its ETag (Cache-Control `no-cache`: a browser asks
 * again each time and is answered 304 while nothing changed), compressed as the client accepts
 * (kept compressed beside the answer). The preSerialization check of
 * registerResponseValidation never sees a string, so the contract check runs here, once.
 */
function sendPrepared(
  op: Operation,
  operationId: string,
  answer: PreparedJson,
  request: FastifyRequest,
  reply: FastifyReply,
  validateResponses: boolean,
) {
  if (validateResponses && !answer.validated) {
    const mismatch = responseMismatch(op, operationId, reply.statusCode, answer.value, request);
    if (mismatch) throw new HttpError(500, mismatch);
    answer.validated = true;
  }
  reply.header('etag', answer.etag);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
  if (answer.compressible) reply.header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.compressible ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}

function validateRequest(op: Operation, request: FastifyRequest): void {
  const contentType = request.headers['content-type']?.split(';')[0].trim().toLowerCase();
  const hasBody = request.body !== undefined && request.body !== null;
  // A body of a type the operation does not take is refused before anything else is read (415,
  // as a body Fastify has no parser for is).
  if (op.requestBody && hasBody && contentType) {
    const accepted = Object.keys(op.requestBody.content);
    if (!accepted.includes(contentType)) {
      throw new HttpError(415, `Content type ${contentType} is not accepted; send ${accepted.join(' or ')}`);
    }
  }
  if (op.validateParams && !op.validateParams(request.params)) {
    throw new HttpError(400, describeErrors('path', op.validateParams.errors));
  }
  if (op.validateQuery && !op.validateQuery(request.query ?? {})) {
    throw new HttpError(400, describeErrors('query', op.validateQuery.errors));
  }
  if (op.validateHeaders && !op.validateHeaders(request.headers)) {
    throw new HttpError(400, describeErrors('headers', op.validateHeaders.errors));
  }
  if (op.requestBody) {
    if (!hasBody) {
      if (op.requestBody.required) throw new HttpError(400, 'A request body is required');
      return;
    }
    if (op.validateBody && !op.validateBody(request.body)) {
      throw new HttpError(400, describeErrors('body', op.validateBody.errors));
    }
  }
}

/**
 * Outside production every JSON answer is checked against the contract: a mismatch is a server
 * bug, answered as a 500 so the integration suite cannot miss it.
 */
export function registerResponseValidation(app: FastifyInstance, contract: Contract): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    // Error bodies are all built by problem() in one place; only answers of handlers are checked.
    if (!operationId || reply.statusCode >= 400) return payload;
    const op = contract.operations.get(operationId);
    if (!op) return payload;
    if (!(String(reply.statusCode) in op.responses) && !('default' in op.responses)) {
      request.log.error({ operationId, status: reply.statusCode }, 'status not declared in the contract');
      reply.code(500);
      return problem(500, `Response status ${reply.statusCode} of ${operationId} is not in the contract`);
    }
    const mismatch = responseMismatch(op, operationId, reply.statusCode, payload, request);
    if (mismatch) {
      reply.code(500);
      return problem(500, mismatch);
    }
    serializedFrom.set(request, payload);
    return payload;
  });
  // The route's serializer writes only what the contract declares, in the declared types: an
  // answer it would change (a field the contract does not name, a number where it says integer)
  // is a server bug, answered as a 500 outside production so the suites cannot miss it.
  app.addHook('onSend', async (request, reply, payload) => {
    const original = serializedFrom.get(request);
    if (original === undefined || typeof payload !== 'string' || !request.routeOptions.schema?.response) return payload;
    const changed = serializationChange(JSON.parse(JSON.stringify(original)), JSON.parse(payload));
    if (!changed) return payload;
    const operationId = request.routeOptions.config.operationId;
    request.log.error({ operationId, changed }, 'the response serializer changed the answer');
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify(problem(500, `The serializer of ${operationId} changed the answer at ${changed}: the contract does not describe it`));
  });
}

/** What each request's handler answered, before its serializer ran (outside production only). */
const serializedFrom = new WeakMap<FastifyRequest, unknown>();

/** The first path where `after` differs from `before` (JSON values), or null. */
function serializationChange(before: unknown, after: unknown, at = 'the answer'): string | null {
  if (Object.is(before, after)) return null;
  if (typeof before !== 'object' || typeof after !== 'object' || before === null || after === null) return at;
  if (Array.isArray(before) !== Array.isArray(after)) return at;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const change = serializationChange((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], `${at}.${key}`);
    if (change) return change;
  }
  return null;
}

/** Why an answer does not match the contract's schema for its status (logged), or null. */
function responseMismatch(op: Operation, operationId: string, status: number, payload: unknown, request: FastifyRequest): string | null {
  const validate = op.validateResponse(String(status));
  if (!validate || validate(payload)) return null;
  request.log.error({ operationId, errors: validate.errors }, 'response does not match the contract');
  return `Response of ${operationId} does not match the contract: ${describeErrors('response', validate.errors)}`;
}
