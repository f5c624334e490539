import { createHash } from 'node:crypto';

/**
 * A JSON answer serialized once and sent as bytes many times (issue 21 item 1): the content
 * documents and the price map are read from a per-process cache, so stringifying them per request
 * was most of a catalogue read's time. Each carries a weak ETag over its bytes; the route answers
 * 304 without a body when the request's If-None-Match names it (server/src/contract/routes.ts).
 * Outside production the contract check runs once per prepared answer, not per request.
 */
export class PreparedJson<T = unknown> {
  readonly body: string;
  readonly etag: string;
  /** Checked against the contract (set by the route on first send when responses are validated). */
  validated = false;

  constructor(readonly value: T) {
    this.body = JSON.stringify(value);
    this.etag = `W/"${createHash('sha256').update(this.body).digest('base64url').slice(0, 27)}"`;
  }
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
