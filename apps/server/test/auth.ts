import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { mailOutbox, users } from '../src/db/schema/index.ts';

let nextIp = 0;
/** Each test browser is its own visitor with its own address (and rate-limit bucket). */
function freshIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

/** A browser on one campus site: keeps its cookies and sends the Origin a browser sends. */
export class TestBrowser {
  private cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    readonly host = 'ou.localhost:3000',
    readonly ip = freshIp(),
  ) {}

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
    if (body === undefined) return this.send(method, url);
    return this.send(method, url, Buffer.from(JSON.stringify(body)), 'application/json');
  }

  /** Any payload, e.g. a multipart upload. */
  async send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Buffer, contentType?: string) {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        origin: `http://${this.host}`,
        cookie: this.cookieHeader(),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload ? { payload } : {}),
    });
    this.keepCookies(res);
    return res;
  }

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string) {
    return this.request('GET', url);
  }

  /** This browser talking to another instance of the server (another process on the same database). */
  onInstance(app: FastifyInstance): TestBrowser {
    const other = new TestBrowser(app, this.host, this.ip);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  /** Another device (its own address) holding a copy of this browser's cookies: a stolen cookie. */
  copy(ip = freshIp()): TestBrowser {
    const other = new TestBrowser(this.app, this.host, ip);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  post(url: string, body: unknown = {}) {
    return this.request('POST', url, body);
  }

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

export async function latestMail(db: Database, email: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** How many mails were queued for `email`. */
export async function mailCount(db: Database, email: string): Promise<number> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email));
  return rows.length;
}

/** A 4-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '9999' ? '1000' : String(Number(code) + 1);
}

/** Registers an account and leaves it unverified (no code sent yet); returns its browser. */
export async function unverifiedUser(app: FastifyInstance, db: Database, options: { host?: string } = {}) {
  const browser = new TestBrowser(app, options.host);
  const email = uniqueEmail('unverified');
  const password = 'secret123';
  const signUp = await browser.post('/api/auth/sign-up/email', { name: 'Una Verified', email, password });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error('user missing');
  return { browser, email, password, user };
}

/** The 4-digit code in the newest mail to `email` (its subject starts with the code). */
export async function latestCode(db: Database, email: string): Promise<string> {
  const code = (await latestMail(db, email))?.subject.match(/^(\d{4}) is your/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

let counter = 0;
/** A fresh address for one test. */
export function uniqueEmail(prefix = 'student'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

/** Registers and verifies an account through the real endpoints; returns its browser. */
export async function verifiedUser(
  app: FastifyInstance,
  db: Database,
  options: { name?: string; email?: string; password?: string; host?: string } = {},
) {
  const browser = new TestBrowser(app, options.host);
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'secret123';
  const signUp = await browser.post('/api/auth/sign-up/email', {
    name: options.name ?? 'Alex Morgan',
    email,
    password,
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  await browser.post('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
  const verify = await browser.post('/api/auth/email-otp/verify-email', { email, otp: await latestCode(db, email) });
  if (verify.statusCode !== 200) throw new Error(`verification failed: ${verify.body}`);
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) throw new Error('user missing');
  return { browser, email, password, user };
}
