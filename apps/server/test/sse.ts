import http from 'node:http';
import type { TestBrowser } from './auth.ts';

interface LiveEvent {
  type: string;
  payload: Record<string, unknown>;
}

export interface LiveStream {
  events: LiveEvent[];
  ready: () => boolean;
  /** True once the server ended the stream. */
  ended: () => boolean;
  close: () => void;
}

/** The cookie header of a test browser (to use its session against a real listening server). */
export function cookieHeader(browser: TestBrowser): string {
  const cookies = (browser as unknown as { cookies: Map<string, string> }).cookies;
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A browser tab's /api/events stream on a server listening at `port`, parsed as EventSource would. */
export function listen(browser: TestBrowser, port: number): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const events: LiveEvent[] = [];
    let isReady = false;
    let isEnded = false;
    let buffer = '';
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { host: browser.host, cookie: cookieHeader(browser), accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
            const lines = buffer.slice(0, at).split('\n');
            buffer = buffer.slice(at + 2);
            const name = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
            const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
            if (name === 'ready') isReady = true;
            else if (name === 'message' && data) events.push(JSON.parse(data) as LiveEvent);
          }
        });
        res.on('end', () => {
          isEnded = true;
        });
        resolve({ events, ready: () => isReady, ended: () => isEnded, close: () => req.destroy() });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/** Waits until `check` holds (polls on the event loop; no fixed sleeps). */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
