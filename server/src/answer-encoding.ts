import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings, chooseEncoding, COMPRESS_MIN_BYTES, encode, varyOnAcceptEncoding, type Encoding } from './compression';
import { etagMatches, weakEtag } from './contract/prepared-json';

/**
 * Every JSON or XML answer of 1 kB or more goes out as HTTP clients expect (issue 39 item 8):
 * compressed as the client's Accept-Encoding asks (compression.ts's one parser), with
 * `Vary: Accept-Encoding`, and, when it is a public read (GET or HEAD answered 200, not one of
 * the contract's personal operations), with a weak ETag over its bytes, answered 304 without a
 * body when the request's If-None-Match names it. The prepared catalogue answers
 * (contract/prepared-json.ts) and the server-rendered pages do all of this themselves, once per
 * body; this hook is for the answers made per request: the dealer list, reviews, search, the
 * sitemap, the geocoder, carts and orders.
 *
 * Personal answers (`no-store`: carts, orders, the profile, every write) are compressed but get
 * no ETag: no cache keeps them, so nothing would ever revalidate one, and the hash would be spent
 * for nothing.
 */
export function installAnswerEncoding(app: FastifyInstance): void {
  const compressed = new CompressedAnswers(COMPRESSED_CACHE_BYTES);
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyOnAcceptEncoding(reply.getHeader('vary')));
    let etag = reply.getHeader('etag') as string | undefined;
    if (etag === undefined && isPublicRead(request, reply)) {
      etag = weakEtag(bytes);
      reply.header('etag', etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (etagMatches(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, etag)) {
        reply.code(304).removeHeader('content-length');
        return null;
      }
    }
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    // The same public answer (the dealer list, the sitemap) is compressed once per encoding.
    return etag ? compressed.get(etag, encoding, bytes) : encode(bytes, encoding);
  });
}

/** JSON and XML, including their `+json` / `+xml` kinds (problem details, feeds). */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.-]+\+)?(?:json|xml)|text\/xml)\s*(?:;|$)/i;

function isPublicRead(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    reply.statusCode === 200 &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.routeOptions.config?.personal &&
    reply.getHeader('cache-control') !== 'no-store'
  );
}

/**
 * Compressed copies of recent public answers by ETag (which names their bytes), up to a size:
 * brotli of a 30 kB answer costs about a millisecond, paid once per distinct answer rather than
 * per request. Oldest first out.
 */
const COMPRESSED_CACHE_BYTES = 4 * 1024 * 1024;

class CompressedAnswers {
  private readonly kept = new Map<string, Buffer>();
  private size = 0;
  constructor(private readonly limit: number) {}

  get(etag: string, encoding: Encoding, bytes: Buffer): Buffer {
    const key = `${encoding} ${etag}`;
    const known = this.kept.get(key);
    if (known) return known;
    const made = encode(bytes, encoding);
    if (made.length > this.limit) return made;
    this.kept.set(key, made);
    this.size += made.length;
    for (const [oldest, value] of this.kept) {
      if (this.size <= this.limit) break;
      this.kept.delete(oldest);
      this.size -= value.length;
    }
    return made;
  }
}

/**
 * @fastify/static chooses a built asset's .br or .gz with its own reading of Accept-Encoding,
 * which takes `*` for gzip even where the client refused gzip (`gzip;q=0, *` got the .gz). Its
 * requests are given our reading instead, written out plainly, so every answer of the shop is
 * negotiated by one parser.
 */
export function negotiateForStaticFiles(request: FastifyRequest): void {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return;
  const accepted = acceptedEncodings(header);
  request.headers['accept-encoding'] = accepted.length ? accepted.map((encoding, i) => (i === 0 ? encoding : `${encoding};q=0.5`)).join(', ') : 'identity';
}
