import { ACCOUNT_SAFETY_LIMITS, HTTP_ERROR_MESSAGES } from '@campus/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { readCookie } from '../../plugins/session.ts';
import type { Auth } from './auth.ts';
import { LINK_BINDING_COOKIE } from './link-binding.ts';
import { passwordRequestGate } from './passwords.ts';

/**
 * The better-auth endpoints the product uses, by method and path below /api/auth. Everything
 * else better-auth (and its plugins) would mount answers 404 on every campus: no code sign-in,
 * no code password reset, no update-user, no account linking (docs/decisions/008-account-hardening.md).
 * Campus rules (OU-only link sign-in and password reset) and ban checks live in auth.ts.
 */
const ALLOWED: ReadonlyArray<readonly [method: 'GET' | 'POST', path: RegExp]> = [
  ['POST', /^\/sign-up\/email$/],
  ['POST', /^\/sign-in\/email$/],
  ['POST', /^\/sign-out$/],
  ['GET', /^\/get-session$/],
  // Forgot password: the emailed link (OU only).
  ['POST', /^\/request-password-reset$/],
  ['GET', /^\/reset-password\/[A-Za-z0-9_-]+$/],
  ['POST', /^\/reset-password$/],
  // Email verification code (type=email-verification only, checked in auth.ts).
  ['POST', /^\/email-otp\/send-verification-otp$/],
  ['POST', /^\/email-otp\/verify-email$/],
  // Emailed sign-in link (OU only).
  ['POST', /^\/sign-in\/magic-link$/],
  ['GET', /^\/magic-link\/verify$/],
  // Google (generic OAuth through the core endpoints; POST is the form_post response mode).
  ['POST', /^\/sign-in\/social$/],
  ['GET', /^\/callback\/google$/],
  ['POST', /^\/callback\/google$/],
  ['GET', /^\/error$/],
  // Account settings: the session list. Password change is our PUT /api/me/password (decision 016).
  ['GET', /^\/list-sessions$/],
  ['POST', /^\/revoke-session$/],
  ['POST', /^\/revoke-sessions$/],
  ['POST', /^\/revoke-other-sessions$/],
];

function isAllowedAuthRoute(method: string, url: string): boolean {
  const path = url.split('?')[0]?.replace(/^\/api\/auth/, '') ?? '';
  return ALLOWED.some(([m, pattern]) => m === method && pattern.test(path));
}

/** A Cookie header without one cookie. */
function withoutCookie(header: string, name: string): string {
  return header
    .split(';')
    .filter((part) => part.split('=')[0]?.trim() !== name)
    .join(';');
}

/**
 * The Fastify request as a Web Request for better-auth, with the client IP it may trust;
 * `dropCookie` names a cookie better-auth must not see.
 */
function toWebRequest(request: FastifyRequest, dropCookie?: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-campus-client-ip') continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    headers.set(name, name === 'cookie' && dropCookie ? withoutCookie(text, dropCookie) : text);
  }
  headers.set('x-campus-client-ip', request.ip);
  const url = `${request.protocol}://${request.host}${request.url}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
}

/** The asking request a server feature sends a sign-in link for (see signInLinkSender). */
export interface SignInLinkAsker {
  origin: string;
  host: string;
  ip: string;
  /** The asking browser's Cookie header: its pending link bindings are kept. */
  cookie?: string;
  /** Hands the link's binding cookie to the asking browser, the only one the link works in. */
  setCookies?: (cookies: string[]) => void;
}

/**
 * Sends better-auth's emailed sign-in link to `email` as a request from `like` would (its
 * campus, origin and client address), through the same handler, hooks and limits as the
 * public endpoint. For server features that mail a link to an address the caller never sees
 * ('Claim this account'). Like every link, it works in the asking browser only (link-binding.ts).
 */
export function signInLinkSender(auth: Auth) {
  return async (email: string, like: SignInLinkAsker): Promise<void> => {
    const bindingCookie = (await auth.$context).createAuthCookie(LINK_BINDING_COOKIE).name;
    const pending = readCookie(like.cookie, bindingCookie);
    const response = await auth.handler(
      new Request(`${like.origin}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: like.origin,
          'x-campus-client-ip': like.ip,
          ...(pending ? { cookie: `${bindingCookie}=${pending}` } : {}),
        },
        body: JSON.stringify({ email }),
      }),
    );
    if (response.ok) {
      like.setCookies?.(response.headers.getSetCookie().filter((c) => c.startsWith(`${bindingCookie}=`)));
      return;
    }
    if (response.status === 429) throw errors.tooManyRequests();
    throw new Error(`sign-in link not sent: ${response.status} ${await response.text()}`);
  };
}

function withoutToken(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  return rest;
}

/**
 * The session lives in an HttpOnly cookie; better-auth also echoes its token in JSON bodies
 * (for bearer clients we do not have): at the top level, in `session`, and as the `token` of
 * every entry of list-sessions. Dropping them keeps tokens out of page scripts' reach.
 */
function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutToken);
  if (!body || typeof body !== 'object') return body;
  const rest = withoutToken(body) as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') rest.session = withoutToken(rest.session);
  return rest;
}

/**
 * Checks a JSON body before anything parses it: size (bodyLimit), no NUL character (raw or
 * escaped — PostgreSQL refuses it in text), nesting at most authBodyMaxDepth (a 200,000-deep
 * body would overflow the stack of whatever walks it), and valid JSON. The raw text is what
 * better-auth receives.
 */
function checkAuthJson(text: string): string | null {
  if (text.includes('\u0000') || /\\u0000/i.test(text)) return 'The request contains a NUL character.';
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      depth++;
      if (depth > ACCOUNT_SAFETY_LIMITS.authBodyMaxDepth) return 'The request is nested too deeply.';
    } else if (ch === '}' || ch === ']') depth--;
  }
  try {
    JSON.parse(text);
  } catch {
    return 'The request body is not valid JSON.';
  }
  return null;
}

/** Mounts the allowed better-auth endpoints at /api/auth/* (documented by better-auth itself). */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  const sessionCookie = (await auth.$context).authCookies.sessionToken.name;
  // This plugin is encapsulated: the parser below applies to /api/auth/* only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: ACCOUNT_SAFETY_LIMITS.authBodyMaxBytes },
    (_request, body, done) => {
      const text = String(body);
      if (text.length === 0) return done(null, undefined);
      const problem = checkAuthJson(text);
      if (problem) return done(errors.badRequest(problem, 'INVALID_BODY'), undefined);
      done(null, text);
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      if (!isAllowedAuthRoute(request.method, request.url)) throw errors.notFound();
      let decodedUrl: string;
      try {
        decodedUrl = decodeURIComponent(request.url);
      } catch {
        throw errors.badRequest(HTTP_ERROR_MESSAGES.malformedUrl, 'INVALID_URL');
      }
      if (decodedUrl.includes('\u0000')) throw errors.badRequest(HTTP_ERROR_MESSAGES.nulInUrl, 'INVALID_URL');
      // A session our own lookup refuses (banned account, ended, expired) is never shown to
      // better-auth: get-session, list-sessions and revoke-* then answer as to a visitor.
      const refusedSession =
        readCookie(request.headers.cookie, sessionCookie) !== undefined && !(await request.sessionUser());
      const failuresBefore = app.databaseHealth.failures;
      // Password endpoints wait their turn for the hasher, or are refused at once (passwords.ts).
      const response = await passwordRequestGate.run(request.url.split('?')[0]?.replace(/^\/api\/auth/, '') ?? '', () =>
        auth.handler(toWebRequest(request, refusedSession ? sessionCookie : undefined)),
      );
      // better-auth answers a failed query 500: while the database is unreachable, that is a 503.
      const health = app.databaseHealth;
      if (response.status >= 500 && (!health.up || health.failures !== failuresBefore))
        throw new DatabaseUnavailableError();
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      if (!response.headers.get('content-type')?.includes('application/json')) {
        return reply.send(Buffer.from(await response.arrayBuffer()));
      }
      return reply.send(withoutSessionTokens(await response.json()));
    },
  });
}
