import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { CAMPUS_IDS } from '@campus/contract';
import pg from 'pg';

/**
 * What the cluster test and bench/cluster.ts act with: members made straight in the database
 * (a sign-up per member would time the password hash), their signed session cookies, chats,
 * and an event-stream client that behaves like the browser's EventSource.
 */

/** The session cookie in production (better-auth's secure prefix, our `campus` prefix). */
const COOKIE_NAME = '__Secure-campus.session_token';

export interface Member {
  id: string;
  email: string;
  /** The Cookie header value of its session. */
  cookie: string;
}

/**
 * `count` school-verified OU members with a finished profile, each with a session; `names`
 * ([first, last]) names the first ones as a person would read them in the app.
 */
export async function makeMembers(
  directUrl: string,
  secret: string,
  count: number,
  names: [first: string, last: string][] = [],
): Promise<Member[]> {
  const tag = randomBytes(4).toString('hex');
  const members: Member[] = [];
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    for (let i = 0; i < count; i += 1) {
      const id = `cluster-${tag}-${String(i).padStart(3, '0')}`;
      const token = `clustertoken${tag}${String(i).padStart(3, '0')}`;
      const [first, last] = names[i] ?? ['Cluster', `T${i}`];
      await client.query(
        `INSERT INTO users (id, campus_id, name, first_name, last_name, username, email, verified, school_verified,
                            profile_set_up, img, bio)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true, true, true, 'images/profilePics/cluster/avatar.webp', 'Cluster test')`,
        [
          id,
          CAMPUS_IDS.ou,
          names[i] ? `${first} ${last}` : `Cluster ${tag} ${i}`,
          first,
          last,
          `cluster${tag}${i}`,
          `cluster-${tag}-${i}@ou.edu`,
        ],
      );
      await client.query(
        `INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
        [`${id}-s`, token, id],
      );
      const signature = createHmac('sha256', secret).update(token).digest('base64');
      members.push({
        id,
        email: `cluster-${tag}-${i}@ou.edu`,
        cookie: `${COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`,
      });
    }
  } finally {
    await client.end();
  }
  return members;
}

/** A chat between two members (ids sorted as the app stores them). */
export async function makeChat(directUrl: string, a: Member, b: Member): Promise<string> {
  const id = `cluster-chat-${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    const [userA, userB] = [a.id, b.id].sort();
    await client.query('INSERT INTO chats (id, campus_id, user_a, user_b, started_by) VALUES ($1, $2, $3, $4, $5)', [
      id,
      CAMPUS_IDS.ou,
      userA,
      userB,
      a.id,
    ]);
  } finally {
    await client.end();
  }
  return id;
}

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request; a connection error answers status 0 (the caller counts it). Like a browser, a
 * request written on a kept-alive connection that the other side had just closed (nginx closes
 * idle ones when it reloads) is sent again once on a new connection: no byte of an answer came,
 * and the server never read it (Node's documented `reusedSocket` pattern).
 */
export function request(
  base: string,
  method: string,
  pathAndQuery: string,
  { headers = {}, body }: { headers?: Record<string, string | number>; body?: Buffer } = {},
  resent = false,
): Promise<Answer> {
  const url = new URL(pathAndQuery, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`, agent, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers, ms: performance.now() - started }),
        );
        res.on('error', () => resolve({ status: 0, body: '', headers: {}, ms: performance.now() - started }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!resent && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
        resolve(request(base, method, pathAndQuery, { headers, body }, true));
        return;
      }
      resolve({ status: 0, body: '', headers: {}, ms: performance.now() - started });
    });
    req.end(body);
  });
}

const BOUNDARY = '----campus-cluster';
/** A multipart body with one JSON field, as the composer sends it. */
export function multipartJson(
  field: string,
  value: unknown,
): { body: Buffer; headers: Record<string, string | number> } {
  const body = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${JSON.stringify(value)}\r\n--${BOUNDARY}--\r\n`,
  );
  return {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
  };
}

/** Sends a chat message; answers the message id when the server acknowledged it (201). */
export async function sendMessage(
  base: string,
  member: Member,
  chatId: string,
  text: string,
  pin?: number,
): Promise<{ status: number; id?: string }> {
  const { body, headers } = multipartJson('message', { plainText: text });
  const answer = await request(base, 'POST', `/api/chats/${chatId}/messages`, {
    body,
    headers: { ...headers, origin: base, cookie: withPin(member.cookie, pin) },
  });
  if (answer.status !== 201) return { status: answer.status };
  return { status: 201, id: (JSON.parse(answer.body) as { id: string }).id };
}

/** The test configuration's instance pin (withTestPinning in topology.ts). */
export const withPin = (cookie: string, pin?: number) => (pin ? `${cookie}; cluster_pin=${pin}` : cookie);

export interface ReceivedEvent {
  seq: number;
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * An event stream that reconnects like EventSource: when the stream ends or fails it opens a
 * new one with Last-Event-ID, after the `retry:` the server asked for (at most 2 s).
 */
export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  /** The instance (X-Cluster-Upstream) each connection was served by, in order. */
  readonly upstreams: string[] = [];
  /** `reset` events: the server could not replay from our position (must stay 0). */
  resets = 0;
  lastEventId: string | undefined;
  private retryMs = 2_000;
  private closed = false;
  private current: http.ClientRequest | undefined;
  private readyWaiters: (() => void)[] = [];
  private connected = false;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  /** Opens the stream; resolves at its `ready` event. */
  open(): Promise<void> {
    const ready = new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    this.connect();
    return ready;
  }

  get upstream(): string | undefined {
    return this.upstreams.at(-1);
  }

  /** Connected now (between a `ready` and the end of that stream). */
  get isConnected(): boolean {
    return this.connected;
  }

  private connect(): void {
    if (this.closed) return;
    const url = new URL('/api/events', this.base);
    const headers: Record<string, string> = { cookie: this.cookie, accept: 'text/event-stream' };
    if (this.lastEventId !== undefined) headers['last-event-id'] = this.lastEventId;
    let reconnecting = false;
    const again = () => {
      this.connected = false;
      if (reconnecting || this.closed) return;
      reconnecting = true;
      setTimeout(() => this.connect(), Math.min(this.retryMs, 2_000));
    };
    const req = http.get({ host: url.hostname, port: url.port, path: url.pathname, headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        again();
        return;
      }
      this.upstreams.push(String(res.headers['x-cluster-upstream'] ?? ''));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          this.block(buffer.slice(0, at));
          buffer = buffer.slice(at + 2);
        }
      });
      res.on('end', again);
      res.on('error', again);
      res.on('close', again);
    });
    req.on('error', again);
    this.current = req;
  }

  private block(block: string): void {
    let name = 'message';
    let id: string | undefined;
    let data: string | undefined;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
      else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    if (id !== undefined && id !== '') this.lastEventId = id;
    if (name === 'ready') {
      this.connected = true;
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      return;
    }
    if (name === 'reset') {
      this.resets += 1;
      return;
    }
    if (name !== 'message' || data === undefined || id === undefined || id === '') return;
    const event = JSON.parse(data) as { id: string; type: string; payload: Record<string, unknown> };
    this.events.push({ seq: Number(id), id: event.id, type: event.type, payload: event.payload });
  }

  /** Message ids of `message.created` events, in arrival order. */
  messageIds(): string[] {
    return this.events.filter((e) => e.type === 'message.created').map((e) => String(e.payload.messageId));
  }

  close(): void {
    this.closed = true;
    this.current?.destroy();
  }
}

/** Waits until `check` holds, polling; no fixed waits. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
