import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EMAIL_PATTERN } from '../../../src/domain/email';
import { CAPTCHA_MESSAGE } from '../captcha/messages';

/**
 * The contract (openapi/shop.yaml) is the single source of truth: routes are registered from its
 * operations, every request is validated against it and, outside production, every response too.
 * It is read as `npm run gen:api` writes it, dereferenced (decision 054), so nothing here follows
 * a `$ref` by hand.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const here = path.dirname(fileURLToPath(import.meta.url));

/** openapi/shop.yaml dereferenced by scripts/gen-api.mjs (a unit test fails when it is stale). */
export const contractPath = path.resolve(here, 'shop.dereferenced.json');

/** The geocoding service's contract, answered by the embedded geocoder (decision 008). */
export const geocodingContractPath = path.resolve(here, 'geocoding.dereferenced.json');

type Json = Record<string, unknown>;

/** A dereferenced contract document as the server and the tests read it. */
export function readContract(file = contractPath): Json {
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
}

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI path template, e.g. /Cart/guest/{guestToken} */
  path: string;
  /** Fastify route pattern under the server's base, e.g. /api/Cart/guest/:guestToken */
  url: string;
  parameters: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Json }> };
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
  validateParams?: ValidateFunction;
  validateQuery?: ValidateFunction;
  validateHeaders?: ValidateFunction;
  validateBody?: ValidateFunction;
  /**
   * The check of a status's JSON answer (or of `default`'s), undefined when it declares none.
   * Compiled on first use and kept by Ajv: answers are checked only outside production, so a
   * production start compiles none of them, and a test server only those its requests meet.
   */
  validateResponse(status: string): ValidateFunction | undefined;
  /** The operation's `security` lists only bearerAuth: it is for signed-in users only. */
  requiresBearer: boolean;
  /**
   * Its answer belongs to one caller, so no cache may keep it (`Cache-Control: no-store`,
   * decision 028): every write, and every read that names a caller (a `security` requirement:
   * bearer or guest id) or carries a guest or other token in its path.
   */
  personal: boolean;
}

export interface Contract {
  basePath: string;
  operations: ReadonlyMap<string, Operation>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const JSON_TYPE = 'application/json';

/** A JSON pointer (RFC 6901) as a URI fragment, e.g. #/paths/~1Cart~1items/post. */
function fragment(location: string[]): string {
  return `#/${location.map((key) => encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;
}

function objectSchema(params: ParameterObject[], lowerCaseNames = false): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of params) {
    const name = lowerCaseNames ? p.name.toLowerCase() : p.name;
    properties[name] = p.schema ?? {};
    if (p.required) required.push(name);
  }
  return { type: 'object', properties, required };
}

/** The contracts read in this process, by file: each is read and its validators compiled once. */
const loaded = new Map<string, Contract>();

/**
 * The contract of `file` with its validators. Read once per process: a process that builds
 * several servers (the API tests build about 60, issue 20) compiled every schema again for each,
 * about a sixth of a test server's start. A contract is never changed once loaded.
 */
export function loadContract(file = contractPath): Contract {
  let contract = loaded.get(file);
  if (!contract) {
    contract = compileContract(file);
    loaded.set(file, contract);
  }
  return contract;
}

function compileContract(file: string): Contract {
  const doc = readContract(file);
  const basePath = ((doc.servers as { url: string }[] | undefined)?.[0]?.url ?? '').replace(/\/$/, '');

  // Bodies and responses: no coercion, so a number sent as a string is a clear 400.
  const strict = new Ajv2020({ allErrors: true, strict: false, discriminator: true });
  // Path, query and header values arrive as strings; coerce them to the declared types.
  const coercing = new Ajv2020({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true });
  for (const ajv of [strict, coercing]) {
    addFormats(ajv);
    // Multipart file fields (`format: binary`) are streams, not JSON; any value stands in.
    ajv.addFormat('binary', true);
    // `format: email` is the shops' one email rule (src/domain/email.ts, section 5's generic
    // rule), the browser's and the forms', not ajv-formats' own stricter pattern.
    ajv.addFormat('email', EMAIL_PATTERN);
  }
  // Body and response schemas are compiled where they stand in the document, so the `$ref`s left
  // in it (those closing a cycle: rich text holds rich text) resolve against its components.
  const docId = path.basename(file);
  strict.addSchema(doc, docId);
  const schemaAt = (...location: string[]): ValidateFunction => {
    const validate = strict.getSchema(docId + fragment(location));
    if (!validate) throw new Error(`${docId} has no schema at ${fragment(location)}`);
    return validate;
  };

  const operations = new Map<string, Operation>();
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const [p, item] of Object.entries(paths)) {
    const shared = (item.parameters as ParameterObject[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = (op.parameters as ParameterObject[] | undefined) ?? [];
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const byIn = (where: ParameterObject['in']) => parameters.filter((x) => x.in === where);
      const requestBody = op.requestBody as Operation['requestBody'];
      const responses = (op.responses ?? {}) as Operation['responses'];
      const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[];
      const responseSchema = (status: string) =>
        responses[status]?.content?.[JSON_TYPE]?.schema
          ? schemaAt('paths', p, method, 'responses', status, 'content', JSON_TYPE, 'schema')
          : undefined;
      const operation: Operation = {
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path: p,
        url: basePath + p.replace(/\{([^}]+)\}/g, ':$1'),
        parameters,
        requestBody,
        responses,
        validateParams: byIn('path').length ? coercing.compile(objectSchema(byIn('path'))) : undefined,
        validateQuery: byIn('query').length ? coercing.compile(objectSchema(byIn('query'))) : undefined,
        validateHeaders: byIn('header').some((h) => h.required)
          ? coercing.compile(objectSchema(byIn('header'), true))
          : undefined,
        validateBody: requestBody?.content?.[JSON_TYPE]?.schema
          ? schemaAt('paths', p, method, 'requestBody', 'content', JSON_TYPE, 'schema')
          : undefined,
        validateResponse: (status) => responseSchema(status) ?? responseSchema('default'),
        requiresBearer:
          security.length > 0 && security.every((requirement) => Object.keys(requirement).join() === 'bearerAuth'),
        personal:
          method !== 'get' ||
          security.some((requirement) => Object.keys(requirement).length > 0) ||
          byIn('path').some((x) => /token/i.test(x.name)),
      };
      operations.set(operation.operationId, operation);
    }
  }
  return { basePath, operations };
}

/** Turns Ajv's errors into one sentence that names the field, for a 400 the shopper can act on. */
export function describeErrors(where: string, errors: ErrorObject[] | null | undefined): string {
  if (!errors?.length) return `Invalid ${where}`;
  const messages = new Set<string>();
  for (const e of errors) {
    // oneOf/anyOf wrappers repeat what their branches already said.
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const field = fieldName(where, e.instancePath);
    const leaf = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.split('/').pop();
    if (leaf === 'captcha' || leaf === 'x-captcha') {
      // The captcha (body field, or X-Captcha header) has one message, absent or bad alike.
      messages.add(CAPTCHA_MESSAGE);
    } else if (e.keyword === 'required') {
      messages.add(`${joinField(field, String(e.params.missingProperty))} is required`);
    } else if (e.keyword === 'additionalProperties') {
      messages.add(`${joinField(field, String(e.params.additionalProperty))} is not an accepted field`);
    } else if (e.keyword === 'enum') {
      messages.add(`${field} must be one of: ${(e.params.allowedValues as unknown[]).join(', ')}`);
    } else {
      messages.add(`${field} ${humanMessage(e)}`);
    }
  }
  return [...messages].slice(0, 5).join('; ');
}

/** Patterns of the contract with the words a visitor understands (shop-core section 5). */
const PATTERN_WORDS: [RegExp, string][] = [
  [/\\d\{3\}.*\\d\{4\}/, 'must be a valid phone number'],
];

/**
 * Ajv's own wording ('must NOT have fewer than 1 characters', 'must match pattern "^(...)$"') is
 * for developers; these follow the specs' generic form rules: an empty required text is
 * '{field} is required', an email '{field} must be a valid email address'.
 */
function humanMessage(e: ErrorObject): string {
  const limit = e.params.limit as number;
  switch (e.keyword) {
    case 'minLength':
      return limit <= 1 ? 'is required' : `must be at least ${limit} characters`;
    case 'maxLength':
      return `must be at most ${limit} characters`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minItems':
      return limit <= 1 ? 'must not be empty' : `must have at least ${limit} entries`;
    case 'maxItems':
      return `must have at most ${limit} entries`;
    case 'format':
      return e.params.format === 'email' ? 'must be a valid email address' : `must be a valid ${String(e.params.format)}`;
    case 'pattern': {
      const pattern = String(e.params.pattern);
      return PATTERN_WORDS.find(([test]) => test.test(pattern))?.[1] ?? 'is not in a valid format';
    }
    case 'type': {
      const type = String(e.params.type).split(',')[0];
      return `must be ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
    }
    default:
      return e.message ?? 'is invalid';
  }
}

function fieldName(where: string, instancePath: string): string {
  if (!instancePath) return where;
  return instancePath
    .slice(1)
    .split('/')
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

function joinField(parent: string, child: string): string {
  return ['body', 'query', 'path', 'headers'].includes(parent) ? child : `${parent}.${child}`;
}
