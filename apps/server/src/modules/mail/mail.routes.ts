import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { devMailboxPage, presentDevMail } from './mail.presenter.ts';
import { listRecentMail } from './mail.repo.ts';

const MAILBOX_SIZE = 50;

/**
 * The app's CSP forbids inline styles, but mail HTML is styled inline (mail clients drop style
 * sheets) and the sandboxed srcdoc frames inherit this page's policy. This dev-only page
 * therefore allows inline styles while still running no script at all.
 */
const DEV_MAILBOX_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Development-only routes: their schemas stay here rather than in the contract, which
// describes the product's API.
const DevMailboxQuerySchema = z.object({ to: z.string().trim().max(320).optional() });
const DevMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});

/** The dev mailbox: registered only in development and tests when no SMTP relay is configured. */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development only: the latest 50 mails of the outbox, newest first',
        querystring: DevMailboxQuerySchema,
        response: { 200: z.array(DevMailSchema) },
      },
    },
    async (request, reply) => {
      const mails = await listRecentMail(db, { to: request.query.to || undefined, limit: MAILBOX_SIZE });
      reply.header('cache-control', 'no-store');
      return mails.map(presentDevMail);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: DevMailboxQuerySchema } }, async (request, reply) => {
    const to = request.query.to || undefined;
    const mails = await listRecentMail(db, { to, limit: MAILBOX_SIZE });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', DEV_MAILBOX_CSP)
      .send(devMailboxPage(mails, to));
  });
};
