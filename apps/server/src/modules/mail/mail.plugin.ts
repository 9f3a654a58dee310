import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { type DbExecutor, enqueueMail, type MailContent } from './mail.repo.ts';
import { devMailboxRoutes } from './mail.routes.ts';
import { type MailSender, startMailSender } from './mail.sender.ts';
import { createMailTransport, devMailboxEnabled } from './transport.ts';

export interface Mailer {
  /**
   * Queues a mail and returns its id. Pass the transaction of the change the mail is about so
   * both commit together; then call kick() after the commit. Given the app's own database
   * (no transaction) it kicks the sender by itself.
   */
  enqueue(db: DbExecutor, mail: MailContent): Promise<string>;
  /** Delivers due mail now instead of at the next poll (about a second away). */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  db: Database;
  config: Config;
  /** The one clock of the outbox: queueing, claiming, retries and sent times all read it. */
  clock?: Clock;
  /** Run the delivery loop while the app runs; default: everywhere but tests. */
  startSender?: boolean;
  senderIntervalMs?: number;
}

/**
 * Outgoing mail: the outbox, its sender loop (started when the app is ready, stopped when it
 * closes) and, in development without SMTP, the dev mailbox pages.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: MailPluginOptions) => {
    const { db, config, clock = systemClock } = opts;
    const transport = createMailTransport(config);
    if (!transport) app.log.warn('SMTP_URL is not set: mail stays queued in mail_outbox until a relay is configured');
    let sender: MailSender | undefined;

    app.decorate('mailer', {
      async enqueue(executor: DbExecutor, mail: MailContent) {
        const id = await enqueueMail(executor, mail, clock.now());
        if (executor === db) sender?.kick();
        return id;
      },
      kick() {
        sender?.kick();
      },
    } satisfies Mailer);

    if (transport && (opts.startSender ?? config.env !== 'test')) {
      app.addHook('onReady', async () => {
        sender = startMailSender({
          db,
          transport,
          clock,
          log: app.log.child({ job: 'mail-sender' }),
          intervalMs: opts.senderIntervalMs,
        });
      });
    }
    app.addHook('onClose', async () => {
      await sender?.stop();
      sender = undefined;
      transport?.close();
    });

    if (devMailboxEnabled(config)) await app.register(devMailboxRoutes, { db });
  },
  { name: 'mail', dependencies: ['security'] },
);
