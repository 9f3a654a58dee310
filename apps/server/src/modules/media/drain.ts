import type { FastifyRequest } from 'fastify';

/**
 * After a refusal the browser is still sending the rest of the body. If nothing reads it, the
 * connection's buffers fill, the browser keeps "uploading" until a timeout (measured: 73 s at
 * 81 % for a refused 5 MB file) and the next request on that keep-alive connection waits
 * behind it. So the rest is read and thrown away — at wire speed, it costs no memory — and the
 * answer goes out at once. Bounded: past `maxBytes` or `maxMs` the connection is closed
 * instead (the browser then reads the answer it already received).
 */
const DRAIN_LIMITS = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 } as const;

export function discardRestOfBody(request: FastifyRequest, limits: { maxBytes: number; maxMs: number } = DRAIN_LIMITS) {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  // The multipart parser is piped from the request; it must not see (or hold back) the rest.
  raw.unpipe();
  const close = () => {
    cleanup();
    raw.socket?.destroy();
  };
  let discarded = 0;
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.maxBytes) close();
  };
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  const cleanup = () => {
    clearTimeout(timer);
    raw.off('data', onData);
    raw.off('end', cleanup);
    raw.off('close', cleanup);
  };
  raw.on('data', onData);
  raw.once('end', cleanup);
  raw.once('close', cleanup);
  raw.resume();
}
