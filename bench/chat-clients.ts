/**
 * A load-generator process of bench/chat.ts: holds SSE streams of many users and writes down
 * when each event arrives (wall clock with sub-millisecond precision, comparable across
 * processes on one machine). Driven over the IPC channel of `fork()`:
 *   parent → { kind: 'start', port, host, cookies[] }   child → { kind: 'ready', streams }
 *   parent → { kind: 'collect' }                         child → { kind: 'records', records[] }
 */
import http from 'node:http';

export interface ClientRecord {
  /** The event's id (the outbox row id; pg_notify's payload). */
  id: string;
  type: string;
  messageId?: string;
  /** Wall-clock ms when the whole event had been read. */
  at: number;
}

export type ParentMessage = { kind: 'start'; port: number; host: string; cookies: string[] } | { kind: 'collect' };
export type ChildMessage =
  | { kind: 'ready'; streams: number }
  | { kind: 'progress'; streams: number }
  | { kind: 'records'; records: ClientRecord[]; heartbeats: number }
  | { kind: 'error'; message: string };

/** Streams being opened at once per client process. */
const CONNECT_CONCURRENCY = Number(process.env.BENCH_CONNECT_CONCURRENCY ?? 5);
const now = () => performance.timeOrigin + performance.now();
const records: ClientRecord[] = [];
let heartbeats = 0;
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const send = (message: ChildMessage) => process.send?.(message);

/** Opens one stream; a 503 (the server's pool is busy with everyone connecting) is retried as EventSource would. */
function open(port: number, host: string, cookie: string, onReady: () => void, attempt = 0) {
  let buffer = '';
  let ready = false;
  const req = http.get(
    { host: '127.0.0.1', port, path: '/api/events', agent, headers: { host, cookie, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode === 503 && attempt < 20) {
        res.resume();
        setTimeout(() => open(port, host, cookie, onReady, attempt + 1), 200 + Math.random() * 300);
        return;
      }
      if (res.statusCode !== 200) {
        send({ kind: 'error', message: `stream refused: ${res.statusCode}` });
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (block.startsWith(': heartbeat')) {
            heartbeats += 1;
            continue;
          }
          const lines = block.split('\n');
          const name = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
          if (name === 'ready' && !ready) {
            ready = true;
            onReady();
            continue;
          }
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (name !== 'message' || !data) continue;
          const event = JSON.parse(data) as { id: string; type: string; payload: { messageId?: string } };
          records.push({ id: event.id, type: event.type, messageId: event.payload.messageId, at: now() });
        }
      });
    },
  );
  req.on('error', (error) => {
    // Not connected yet (the server is still busy with everyone connecting): try again.
    if (!ready && attempt < 20)
      setTimeout(() => open(port, host, cookie, onReady, attempt + 1), 200 + Math.random() * 300);
    else send({ kind: 'error', message: `stream failed: ${error.message}` });
  });
}

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'start') {
    // Connect a few at a time (tabs do not all open in the same millisecond).
    const { port, host, cookies } = message;
    let readyCount = 0;
    let next = 0;
    const openNext = () => {
      const cookie = cookies[next];
      next += 1;
      if (cookie === undefined) return;
      open(port, host, cookie, () => {
        readyCount += 1;
        if (readyCount === cookies.length) send({ kind: 'ready', streams: readyCount });
        else if (readyCount % 50 === 0) send({ kind: 'progress', streams: readyCount });
        openNext();
      });
    };
    for (let i = 0; i < CONNECT_CONCURRENCY; i += 1) openNext();
  } else if (message.kind === 'collect') {
    send({ kind: 'records', records, heartbeats });
  }
});
// The parent ends this process when it is done (or dies: the IPC channel closes).
process.on('disconnect', () => process.exit(0));
