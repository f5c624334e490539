import { createHash } from 'node:crypto';
import { COMPRESS_MIN_BYTES, encode, type Encoding } from '../compression';

/**
 * A JSON answer serialized once and sent as bytes many times (issue 21 item 1): the content
 * documents and the price map are read from a per-process cache, so stringifying them per request
 * was most of a catalogue read's time. Each carries a weak ETag over its bytes; the route answers
 * 304 without a body when the request's If-None-Match names it (server/src/contract/routes.ts).
 * Outside production the contract check runs once per prepared answer, not per request. A body of
 * 1 kB or more is also kept compressed, per encoding, once a client asks for it (a browser always
 * does): the catalogue's answers are 17 to 24 kB of JSON and about a sixth of that compressed.
 */
export class PreparedJson<T = unknown> {
  readonly body: string;
  readonly etag: string;
  /** Worth compressing (decided once: the body never changes). */
  readonly compressible: boolean;
  /** Checked against the contract (set by the route on first send when responses are validated). */
  validated = false;
  private readonly encodings = new Map<Encoding, Buffer>();

  constructor(readonly value: T) {
    this.body = JSON.stringify(value);
    this.etag = weakEtag(this.body);
    this.compressible = Buffer.byteLength(this.body) >= COMPRESS_MIN_BYTES;
  }

  /** The body in `encoding`, compressed on the first request that asks for it. */
  encoded(encoding: Encoding): Buffer {
    let bytes = this.encodings.get(encoding);
    if (!bytes) {
      bytes = encode(Buffer.from(this.body), encoding);
      this.encodings.set(encoding, bytes);
    }
    return bytes;
  }
}

/**
 * A weak ETag over an answer's bytes (weak: the same body is sent in several encodings, RFC 9110
 * section 8.8.1): the one spelling of the prepared answers, the pages and every other public read.
 */
export function weakEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match's weak comparison (RFC 9110 section 13.1.2): any listed tag, or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Keeps one PreparedJson per source object (a cached document or price map), so a value read
 * again from the same cache entry is not serialized again.
 */
export function preparedCache<T extends object>(): (value: T) => PreparedJson<T> {
  const prepared = new WeakMap<T, PreparedJson<T>>();
  return (value) => {
    let answer = prepared.get(value);
    if (!answer) {
      answer = new PreparedJson(value);
      prepared.set(value, answer);
    }
    return answer;
  };
}
