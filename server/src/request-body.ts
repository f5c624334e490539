import type { IncomingMessage } from 'node:http';

/** At most this much of a refused body is read and dropped before the answer is sent. */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;
/** ... and for at most this long. */
export const DISCARD_LIMIT_MS = 10_000;

/**
 * Reads the rest of a request body the server will not use, and drops it (issue 39 item 4,
 * decision 075). An answer sent while the client is still sending, on a connection that is then
 * closed, reaches a client such as Node's fetch as a reset (EPIPE, ECONNRESET) instead of the
 * answer: it is still writing when the socket closes. Up to DISCARD_LIMIT_BYTES and
 * DISCARD_LIMIT_MS; past either the answer goes out anyway, and such a client may see the reset.
 */
export function discardRequestBody(
  raw: IncomingMessage,
  limits: { bytes?: number; ms?: number } = {},
): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  const maxBytes = limits.bytes ?? DISCARD_LIMIT_BYTES;
  return new Promise<void>((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('error', finish);
      raw.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.ms ?? DISCARD_LIMIT_MS);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('error', finish);
    raw.once('close', finish);
    raw.resume();
  });
}
