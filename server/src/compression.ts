import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Compression of the shop's answers: server-rendered pages (server/src/ssr.ts), prepared JSON
 * answers (server/src/contract/prepared-json.ts) and every other JSON or XML answer of 1 kB or
 * more (server/src/answer-encoding.ts). Built assets are compressed at build time instead
 * (vite.config.ts); @fastify/static picks their .br or .gz by this file's choice too. Each body
 * made once is compressed once per encoding, when first asked for, and kept beside its source.
 */
export type Encoding = 'br' | 'gzip';

/** Below this a body goes out as it is: compressing it would save less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

/** Ours, in the order we prefer them when the client weighs them alike. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

/**
 * The encodings the client accepts (RFC 9110 section 12.5.3), best first: the one parser of
 * Accept-Encoding for every answer the shop compresses (pages, prepared and other JSON or XML
 * answers, and the choice of a built asset's .br or .gz; issue 39 item 8). Codings are
 * case-insensitive, `q=0` refuses one, `*` stands for every coding the header does not name, and
 * `x-gzip` is gzip. Of two codings with the same weight, brotli (smaller) comes first. An entry
 * whose weight is not a number is taken as refused.
 */
export function acceptedEncodings(accepted: string | string[] | undefined): Encoding[] {
  const header = Array.isArray(accepted) ? accepted.join(',') : (accepted ?? '');
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [name, ...params] = entry.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      const q = value.trim();
      weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(q) ? Number(q) : 0;
    }
    const key = coding === 'x-gzip' ? 'gzip' : coding;
    // Named twice: the first says it (a client that contradicts itself gets its first word).
    if (!weights.has(key)) weights.set(key, weight);
  }
  const anyOther = weights.get('*') ?? 0;
  return ENCODINGS.map((encoding, order) => ({ encoding, order, weight: weights.get(encoding) ?? anyOther }))
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ encoding }) => encoding);
}

/** The encoding to send: the client's best of brotli and gzip, or none (identity). */
export function chooseEncoding(accepted: string | string[] | undefined): Encoding | undefined {
  return acceptedEncodings(accepted)[0];
}

/** Adds `Accept-Encoding` to an answer's Vary header once (a `*` already covers it). */
export function varyOnAcceptEncoding(current: string | number | string[] | undefined): string {
  if (current === undefined || current === '') return 'Accept-Encoding';
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? value : `${value}, Accept-Encoding`;
}

/** Brotli at a fast setting (a body is compressed once per value it carries) or gzip. */
export function encode(bytes: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  }
  return gzipSync(bytes, { level: 6 });
}
