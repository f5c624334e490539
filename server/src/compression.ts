import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Compression of what the server makes once and sends many times: server-rendered pages
 * (server/src/ssr.ts) and prepared JSON answers (server/src/contract/prepared-json.ts). Built
 * assets are compressed at build time instead (vite.config.ts). Each body is compressed once per
 * encoding, when first asked for, and kept beside its source.
 */
export type Encoding = 'br' | 'gzip';

/** Below this a body goes out as it is: compressing it would save less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli when the client accepts it, gzip otherwise, or none. */
export function chooseEncoding(accepted: string | string[] | undefined): Encoding | undefined {
  const encodings = String(accepted ?? '');
  if (/\bbr\b/.test(encodings)) return 'br';
  if (/\bgzip\b/.test(encodings)) return 'gzip';
  return undefined;
}

/** Brotli at a fast setting (a body is compressed once per value it carries) or gzip. */
export function encode(bytes: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  }
  return gzipSync(bytes, { level: 6 });
}
