import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';

/** The Fastify request as a Web Request for better-auth, with the client IP it may trust. */
export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-campus-client-ip') continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
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

/**
 * The session lives in an HttpOnly cookie; better-auth also echoes its token in JSON bodies
 * (for bearer clients we do not have). Dropping it keeps the token out of page scripts' reach.
 */
export function withoutSessionTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session as Record<string, unknown> | undefined;
  if (session && typeof session === 'object') {
    const { token: _sessionToken, ...safeSession } = session;
    rest.session = safeSession;
  }
  return rest;
}

/** Mounts better-auth's endpoints at /api/auth/* (documented by better-auth itself). */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const response = await auth.handler(toWebRequest(request));
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
