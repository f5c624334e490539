import fc from 'fast-check';
import { contractPath, readContract } from '../../server/src/contract/contract';

/**
 * fast-check arbitraries generated from the contract's own schemas (openapi/shop.yaml, read when
 * the tests run, so a new operation is fuzzed without anyone listing it), dereferenced as the
 * server reads it (decision 054). Request schemas are not recursive, so they arrive with every
 * `$ref` inlined; one left by a cycle would be fuzzed as any JSON. For every schema there are
 * three generators:
 *
 *   valid    values of the right shape: every constraint kept, boundaries (minLength, maxLength,
 *            minimum, maximum) on purpose, and values the shop really knows (`pools`: real skus,
 *            cart ids, guest tokens...) so requests get past the look-ups into the rules
 *   oneBad   a valid value with exactly one defect somewhere in it: a wrong type, a value just
 *            outside a bound, a broken pattern, a missing required field, an extra field
 *   invalid  hostile values for one spot: wrong types, unicode, SQL and HTML payloads, NUL
 *            bytes, huge and negative numbers, over-long strings
 */

export type Json = Record<string, unknown>;
export type Schema = Json;

export interface FuzzParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface FuzzOperation {
  operationId: string;
  method: string;
  /** OpenAPI path template, e.g. /Cart/guest/{guestToken}/items/{id} */
  path: string;
  parameters: FuzzParameter[];
  body?: { required: boolean; contentType: string; schema: Schema };
  /** Who may call it: signed-in only, signed-in or guest (X-Guest-Id), or anyone. */
  security: 'bearer' | 'bearerOrGuest' | 'public';
  responses: string[];
}

export interface FuzzContract {
  basePath: string;
  operations: FuzzOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function loadFuzzContract(file = contractPath): FuzzContract {
  const doc = readContract(file);
  const basePath = ((doc.servers as { url: string }[] | undefined)?.[0]?.url ?? '').replace(/\/$/, '');
  const operations: FuzzOperation[] = [];
  for (const [p, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const shared = (item.parameters as FuzzParameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = (op.parameters as FuzzParameter[] | undefined) ?? [];
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own].map((x) => ({
        name: x.name,
        in: x.in,
        required: !!x.required,
        schema: (x.schema ?? {}) as Schema,
      }));
      const requestBody = op.requestBody as { required?: boolean; content?: Record<string, { schema?: Schema }> } | undefined;
      const contentType = requestBody?.content ? Object.keys(requestBody.content)[0] : undefined;
      const security = ((op.security ?? doc.security ?? []) as Json[]).map((r) => Object.keys(r).join());
      operations.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path: p,
        parameters,
        body: contentType
          ? { required: !!requestBody?.required, contentType, schema: (requestBody!.content![contentType].schema ?? {}) as Schema }
          : undefined,
        security:
          security.length && security.every((s) => s === 'bearerAuth')
            ? 'bearer'
            : security.includes('bearerAuth') && security.some((s) => s === 'guestId')
              ? 'bearerOrGuest'
              : 'public',
        responses: Object.keys((op.responses ?? {}) as Json),
      });
    }
  }
  return { basePath, operations };
}

// ------------------------------------------------------------------------------------ values

/** Values the shop knows, by property or parameter name (real skus, ids, tokens...). */
export type Pools = Record<string, readonly unknown[]>;

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  "admin'--",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'nul\u0000byte',
  '\u0000',
  'line\r\nX-Injected: 1',
  '\u202Eevil\u202C',
  'Zoë Ålesund Ñandú',
  '日本語のテキスト',
  '🔫🦌🎯👨‍👩‍👧‍👦',
  '\uD800',
  '\uFEFF\u200B\u200D',
  'e\u0301\u0301\u0301\u0301',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  'a'.repeat(300),
  'ß'.repeat(3000),
  'x'.repeat(70_000),
];

export const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  -2147483649,
  2147483647,
  2147483648,
  4294967296,
  9007199254740991,
  // 2^53 + 1 and its negative: not representable, they arrive as 2^53 (and the text says more).
  2 ** 53 + 2,
  -(2 ** 53 + 2),
  1e21,
  1e308,
  -1e308,
  5e-324,
  Number.MIN_SAFE_INTEGER,
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Any JSON value, hostile leaves included. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false, [], {}, [null], { $ne: null }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const typesOf = (s: Schema): string[] => {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (s.enum) return [typeof (s.enum as unknown[])[0]];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
};

/** Values of a different JSON type than the schema's. */
function wrongType(s: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  const options: unknown[] = [];
  if (!types.includes('string')) options.push('12', 'text', '');
  if (!types.includes('integer') && !types.includes('number')) options.push(12, -1, 1e308);
  if (!types.includes('boolean')) options.push(true, false);
  if (!types.includes('null')) options.push(null);
  if (!types.includes('array')) options.push([], ['x'], [1, 2]);
  if (!types.includes('object')) options.push({}, { a: 1 });
  return fc.constantFrom(...options);
}

const emailArb = (min = 3, max = 254) =>
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
      fc.stringMatching(/^[a-z0-9-]{1,20}$/),
      fc.constantFrom('com', 'example', 'org', 'co.uk'),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`)
    .filter((e) => e.length >= min && e.length <= max);

/**
 * A string schema's arbitrary, built once per schema: the case arbitraries are built again for
 * every case (inside `chain`), and `fc.stringMatching` checks fast-check's own hostile strings
 * against every character class as it is built; that took 40% of the fuzz run's CPU.
 */
const stringArbs = new Map<string, fc.Arbitrary<string>>();
function stringArb(s: Schema): fc.Arbitrary<string> {
  const key = JSON.stringify([s.format, s.pattern, s.minLength, s.maxLength]);
  let arb = stringArbs.get(key);
  if (!arb) stringArbs.set(key, (arb = buildStringArb(s)));
  return arb;
}

function buildStringArb(s: Schema): fc.Arbitrary<string> {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? 200;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.format === 'email') return emailArb(Math.max(min, 3), max);
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time')
    return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'binary') return fc.constant('');
  if (typeof s.pattern === 'string') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(s.pattern, 'u');
    } catch {
      pattern = new RegExp(s.pattern);
    }
    return fc.stringMatching(pattern).filter(fits);
  }
  const boundaries = [min > 0 ? 'x'.repeat(min) : '', 'y'.repeat(Math.min(max, 5000))].filter(fits);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: Math.max(min, 1), maxLength: Math.min(max, 30) }).filter((v) => fits(v) && v.trim() !== '') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }).filter(fits) },
    { weight: 1, arbitrary: fc.constantFrom(...(boundaries.length ? boundaries : ['x'.repeat(min)])) },
  );
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum !== undefined ? (s.exclusiveMinimum as number) + 1 : undefined);
  const max = (s.maximum as number | undefined) ?? (s.exclusiveMaximum !== undefined ? (s.exclusiveMaximum as number) - 1 : undefined);
  const lo = min ?? -1_000_000;
  const hi = max ?? 1_000_000;
  const edges = [lo, hi, ...(min === undefined ? [] : [min]), ...(max === undefined ? [] : [max])];
  if (max === undefined) edges.push(2147483647);
  return fc.oneof(
    { weight: 4, arbitrary: integer ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.constantFrom(...edges) },
  );
}

export interface Generators {
  valid(s: Schema, name?: string): fc.Arbitrary<unknown>;
  invalid(s: Schema): fc.Arbitrary<unknown>;
  oneBad(s: Schema, name?: string): fc.Arbitrary<unknown>;
  /** Every leaf chosen at random among valid, invalid and any JSON. */
  mixed(s: Schema, name?: string): fc.Arbitrary<unknown>;
}

export function generators(pools: Pools): Generators {
  const withPool = (name: string | undefined, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
    const known = name ? pools[name] : undefined;
    return known?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: arb }) : arb;
  };

  const props = (s: Schema) => (s.properties ?? {}) as Record<string, Schema>;
  const required = (s: Schema) => ((s.required as string[] | undefined) ?? []).filter((k) => k in props(s));

  function valid(s: Schema, name?: string): fc.Arbitrary<unknown> {
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return withPool(name, fc.constantFrom(...(s.enum as unknown[])));
    const types = typesOf(s).filter((t) => t !== 'null');
    const type = types[0];
    switch (type) {
      case 'string':
        return withPool(name, stringArb(s));
      case 'integer':
        return withPool(name, numberArb(s, true));
      case 'number':
        return withPool(name, numberArb(s, false));
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = (s.items ?? {}) as Schema;
        const minLength = (s.minItems as number | undefined) ?? 0;
        const maxLength = Math.min((s.maxItems as number | undefined) ?? 5, 5);
        return fc.array(valid(items, name), { minLength, maxLength: Math.max(minLength, maxLength) });
      }
      case 'object': {
        const model = Object.fromEntries(Object.entries(props(s)).map(([k, v]) => [k, valid(v, k)]));
        return fc.record(model, { requiredKeys: required(s) });
      }
      default:
        return anyJson;
    }
  }

  function invalid(s: Schema): fc.Arbitrary<unknown> {
    const options: fc.Arbitrary<unknown>[] = [wrongType(s), hostileString];
    const types = typesOf(s);
    if (types.includes('string') || Array.isArray(s.enum)) {
      const min = s.minLength as number | undefined;
      const max = s.maxLength as number | undefined;
      const edges: string[] = [];
      if (max !== undefined) edges.push('z'.repeat(max + 1));
      if (min !== undefined && min > 0) edges.push('z'.repeat(min - 1));
      if (s.pattern) edges.push('no match here!', '-');
      if (s.format === 'email') edges.push('not-an-email', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@b..com');
      if (s.format === 'uuid') edges.push('not-a-uuid', '00000000-0000-0000-0000-00000000000g');
      if (s.format === 'date-time') edges.push('2024-13-45T99:99:99Z', 'yesterday', '0000-00-00T00:00:00Z');
      if (Array.isArray(s.enum)) edges.push(...(s.enum as unknown[]).map((e) => String(e).toLowerCase() + ' '), 'XX', '');
      if (edges.length) options.push(fc.constantFrom(...edges));
    }
    if (types.includes('integer') || types.includes('number')) {
      const edges = [...HOSTILE_NUMBERS];
      if (typeof s.minimum === 'number') edges.push(s.minimum - 1, s.minimum - 0.5);
      if (typeof s.maximum === 'number') edges.push(s.maximum + 1, s.maximum + 0.5);
      if (types.includes('integer')) edges.push(2.5, 1e-7);
      options.push(fc.constantFrom(...edges));
    }
    if (types.includes('array')) {
      const items = (s.items ?? {}) as Schema;
      if (typeof s.maxItems === 'number' && s.maxItems <= 1000) options.push(fc.array(valid(items), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 }));
      if (typeof s.minItems === 'number' && s.minItems > 0) options.push(fc.constant([]));
      options.push(fc.array(invalid(items), { minLength: 1, maxLength: 3 }));
    }
    if (types.includes('object')) options.push(oneBad(s));
    return fc.oneof(...options);
  }

  function oneBad(s: Schema, name?: string): fc.Arbitrary<unknown> {
    const types = typesOf(s);
    if (types.includes('object') && Object.keys(props(s)).length) {
      const keys = Object.keys(props(s));
      const req = required(s);
      const base = valid(s, name) as fc.Arbitrary<Record<string, unknown>>;
      const kinds: fc.Arbitrary<unknown>[] = [
        // one property with a bad value (recursively: one bad spot inside an object property)
        fc.tuple(base, fc.constantFrom(...keys)).chain(([value, key]) =>
          oneBad(props(s)[key], key).map((bad) => ({ ...value, [key]: bad })),
        ),
        // an extra property (additionalProperties: false) under a tempting name
        fc
          .tuple(base, fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'price', 'userId', 'status', 'extra'), anyJson)
          // A computed key makes even __proto__ an own property, which JSON.stringify sends.
          .map(([value, key, extra]) => ({ ...value, [key]: extra ?? null })),
      ];
      if (req.length)
        kinds.push(
          fc.tuple(base, fc.constantFrom(...req)).map(([value, key]) => {
            const copy = { ...value };
            delete copy[key];
            return copy;
          }),
        );
      return fc.oneof(...kinds);
    }
    if (types.includes('array') && s.items) {
      const items = s.items as Schema;
      return fc.oneof(
        fc.tuple(fc.array(valid(items, name), { minLength: 0, maxLength: 3 }), oneBad(items, name)).map(([list, bad]) => [...list, bad]),
        invalid(s),
      );
    }
    return invalid(s);
  }

  function mixed(s: Schema, name?: string): fc.Arbitrary<unknown> {
    const types = typesOf(s);
    if (types.includes('object') && Object.keys(props(s)).length) {
      const model = Object.fromEntries(Object.entries(props(s)).map(([k, v]) => [k, mixed(v, k)]));
      return fc.oneof({ weight: 5, arbitrary: fc.record(model, { requiredKeys: [] }) }, { weight: 1, arbitrary: anyJson });
    }
    if (types.includes('array') && s.items) {
      return fc.oneof({ weight: 3, arbitrary: fc.array(mixed(s.items as Schema, name), { maxLength: 4 }) }, { weight: 1, arbitrary: anyJson });
    }
    return fc.oneof({ weight: 2, arbitrary: valid(s, name) }, { weight: 1, arbitrary: invalid(s) }, { weight: 1, arbitrary: anyJson });
  }

  return { valid, invalid, oneBad, mixed };
}

// ------------------------------------------------------------------------------------ requests

export type AuthMode = 'none' | 'guest' | 'user' | 'bogus';

export interface FuzzCase {
  auth: AuthMode;
  /** Index into the bogus credentials (for auth 'bogus'). */
  bogus: number;
  flavor: 'valid' | 'oneBad' | 'mixed' | 'raw';
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** undefined: no body. */
  body?: unknown;
  /** For flavor 'raw': the body text as sent (not JSON, or not what the content type says). */
  raw?: { text: string; contentType?: string };
  /** Multipart only: bytes of the file fields. */
  files: Record<string, number[]>;
}

/** Bodies that are not the JSON the operation takes (sent as they are). */
export const RAW_BODIES: { text: string; contentType?: string }[] = [
  { text: '{"a":', contentType: 'application/json' },
  { text: 'not json at all', contentType: 'application/json' },
  { text: '\u0000', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: '"just a string"', contentType: 'application/json' },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"polluted":1}}}', contentType: 'application/json' },
  { text: '{"a":1,"a":2}', contentType: 'application/json' },
  { text: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { text: `{"x":"${'y'.repeat(1_100_000)}"}`, contentType: 'application/json' },
  { text: '{"quantity":1}', contentType: 'text/plain' },
  { text: 'quantity=1&productId=x', contentType: 'application/x-www-form-urlencoded' },
  { text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  { text: 'garbage', contentType: 'multipart/form-data' },
  { text: '{}', contentType: 'application/json; charset=utf-16' },
  { text: '{}', contentType: 'application/xml' },
  { text: '{}', contentType: undefined },
];

/** The arbitrary of one request to `op`. Auth modes that make no sense for it stay in: they must be refused. */
export function caseArbitrary(op: FuzzOperation, g: Generators, bogusCount: number): fc.Arbitrary<FuzzCase> {
  const group = (where: FuzzParameter['in'], flavor: FuzzCase['flavor']) => {
    const params = op.parameters.filter((p) => p.in === where);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const p of params) {
      const name = where === 'header' ? p.name.toLowerCase() : p.name;
      model[name] =
        flavor === 'valid'
          ? g.valid(p.schema, p.name)
          : flavor === 'mixed'
            ? g.mixed(p.schema, p.name)
            : fc.oneof({ weight: 3, arbitrary: g.valid(p.schema, p.name) }, { weight: 1, arbitrary: g.invalid(p.schema) });
    }
    const requiredKeys = params.filter((p) => p.required && (flavor === 'valid' || where === 'path')).map((p) => (where === 'header' ? p.name.toLowerCase() : p.name));
    return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
  };
  const body = (flavor: FuzzCase['flavor']): fc.Arbitrary<unknown> => {
    if (!op.body) return fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anyJson });
    const s = op.body.schema;
    const arb = flavor === 'valid' ? g.valid(s) : flavor === 'oneBad' ? g.oneBad(s) : g.mixed(s);
    return op.body.required || flavor !== 'valid' ? fc.oneof({ weight: 12, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.option(arb, { nil: undefined });
  };
  const files = fc.dictionary(
    fc.constantFrom('fflDocument', 'sotDocument', 'other'),
    fc.oneof(
      fc.uint8Array({ maxLength: 64 }).map((b) => [...b]),
      fc.uint8Array({ maxLength: 64 }).map((b) => [...Buffer.from('%PDF-1.7\n'), ...b]),
      fc.uint8Array({ maxLength: 64 }).map((b) => [0x49, 0x49, 0x2a, 0x00, ...b]),
    ),
    { maxKeys: 2 },
  );
  const auth = fc.constantFrom<AuthMode>('none', 'guest', 'user', 'user', 'bogus');
  return fc
    .constantFrom<FuzzCase['flavor']>('valid', 'valid', 'valid', 'oneBad', 'oneBad', 'oneBad', 'mixed', 'raw')
    .chain((flavor) =>
      fc.record({
        auth,
        bogus: fc.nat({ max: Math.max(0, bogusCount - 1) }),
        flavor: fc.constant(flavor),
        path: group('path', flavor === 'raw' ? 'valid' : flavor),
        query: group('query', flavor === 'raw' ? 'valid' : flavor),
        headers: group('header', flavor === 'raw' ? 'valid' : flavor),
        body: flavor === 'raw' ? fc.constant(undefined) : body(flavor),
        raw: flavor === 'raw' ? fc.constantFrom(...RAW_BODIES) : fc.constant(undefined),
        files: op.body?.contentType === 'multipart/form-data' ? files : fc.constant({}),
      }),
    );
}

// ------------------------------------------------------------------------------------ encoding

/** Lone surrogates (not valid UTF-16, refused by encodeURIComponent) as U+FFFD, like toWellFormed(). */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Text as it can travel in a URL: lone surrogates (which encodeURIComponent refuses) become U+FFFD. */
export function urlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return encodeURIComponent(wellFormed(text));
}

/** Text as it can travel in an HTTP header (latin-1, no control characters). */
export function headerValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?').slice(0, 8000);
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

export interface Credentials {
  guestToken: string;
  accessToken: string;
  bogus: { name: string; value: string }[];
}

/** The HTTP request of a case (body as the operation's content type says, unless the case is raw). */
export function buildRequest(api: string, op: FuzzOperation, c: FuzzCase, creds: Credentials): BuiltRequest {
  let path = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    path = path.replace(`{${p.name}}`, p.name in c.path ? urlPart(c.path[p.name]) : '');
  }
  const query = Object.entries(c.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const]))
    .map(([k, v]) => `${encodeURIComponent(k)}=${urlPart(v)}`)
    .join('&');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.headers)) headers[k] = headerValue(v);
  if (c.auth === 'guest') headers['x-guest-id'] = creds.guestToken;
  if (c.auth === 'user') headers.authorization = `Bearer ${creds.accessToken}`;
  if (c.auth === 'bogus' && creds.bogus.length) {
    const b = creds.bogus[c.bogus % creds.bogus.length];
    headers[b.name] = b.value;
  }
  let body: string | FormData | undefined;
  if (op.method === 'GET' || op.method === 'HEAD') {
    // fetch cannot send a body with GET; nothing else to fuzz there.
  } else if (c.raw) {
    body = c.raw.text;
    if (c.raw.contentType) headers['content-type'] = c.raw.contentType;
  } else if (c.body !== undefined) {
    if (op.body?.contentType === 'multipart/form-data' && c.body && typeof c.body === 'object' && !Array.isArray(c.body)) {
      const form = new FormData();
      for (const [k, v] of Object.entries(c.body as Json)) {
        if (k in c.files) continue;
        form.append(k, typeof v === 'string' ? wellFormed(v) : JSON.stringify(v) ?? '');
      }
      for (const [k, bytes] of Object.entries(c.files)) form.append(k, new Blob([new Uint8Array(bytes)]), `${k}.pdf`);
      body = form;
    } else {
      body = JSON.stringify(c.body);
      headers['content-type'] = 'application/json';
    }
  }
  return { method: op.method, url: `${api}${path}${query ? `?${query}` : ''}`, headers, body };
}

/** One line naming a request, for failure messages. */
export function describeRequest(r: BuiltRequest): string {
  const body = typeof r.body === 'string' ? r.body.slice(0, 600) : r.body ? `[multipart ${[...r.body.keys()].join(',')}]` : '';
  return `${r.method} ${r.url.slice(0, 400)} ${JSON.stringify(r.headers).slice(0, 400)} ${body}`;
}
