import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { jobsPlugin } from './jobs/runner.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { adsRoutes, feedAds, paymentProviderFor } from './modules/ads/index.ts';
import { authRoutes, createAuth, resolveAuthSecret, signInLinkSender } from './modules/auth/index.ts';
import { blocksRoutes } from './modules/blocks/index.ts';
import { campusRoutes } from './modules/campus/index.ts';
import { chatsRoutes, messagePhotos } from './modules/chats/index.ts';
import { geoRoutes } from './modules/geo/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { mailPlugin } from './modules/mail/index.ts';
import { meetupsRoutes } from './modules/meetups/index.ts';
import { moderationDevRoutes, moderationRoutes } from './modules/moderation/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { offersRoutes } from './modules/offers/index.ts';
import { likedByRoutes, listingsDevRoutes, postsRoutes } from './modules/posts/index.ts';
import { profilesRoutes } from './modules/profiles/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { schoolEmailRoutes } from './modules/school-email/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { accountRoutes, usersRoutes } from './modules/users/index.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { campusPlugin } from './plugins/campus.ts';
import { dbFaultsPlugin } from './plugins/db-faults.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { loggerOptions, requestLogController, requestLogPlugin } from './plugins/logging.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
import { compiledSerializerCompiler } from './plugins/serializer.ts';
import { sessionPlugin } from './plugins/session.ts';
import { type SseOptions, ssePlugin } from './plugins/sse.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: Clock;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Live events stream settings (tests shorten the heartbeat). */
  sse?: Pick<SseOptions, 'heartbeatMs' | 'maxStreamsPerUser' | 'maxBufferedBytes'>;
  /** Run the job runner (pg-boss) in this instance; default: everywhere but tests. */
  jobs?: boolean;
}

/** Registers plugins and modules, nothing else: starting and stopping live in server.ts. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  logStream,
  sse,
  jobs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, { stream: logStream }),
    // One line per request instead of two (plugins/logging.ts).
    logController: requestLogController(),
    trustProxy: config.trustProxy,
    // Fastify answers 503 to requests that arrive while it drains on shutdown.
    return503OnClosing: true,
  });
  // While draining on shutdown, answers close their connection: a keep-alive socket that
  // becomes idle after its last answer would otherwise hold the process open.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  // Compiled response serializers (plugins/serializer.ts); Zod checks responses outside production.
  app.setSerializerCompiler(compiledSerializerCompiler({ validate: config.env !== 'production' }));

  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(dbFaultsPlugin, { db });
  await app.register(cacheHeadersPlugin);
  await app.register(securityPlugin, { production: config.env === 'production' });
  await app.register(mailPlugin, { db, config, clock });
  await app.register(jobsPlugin, { db, clock, config, start: jobs ?? config.env !== 'test' });
  await app.register(compress);
  // Upload routes set their own size limits; these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 10, fields: 20 } });
  await app.register(openapiPlugin);
  await app.register(campusPlugin, { campusHosts: config.campusHosts, production: config.env === 'production' });
  // Chat photos are served only to the two people in the chat (session checked per request).
  await app.register(storagePlugin, { dataDir: config.dataDir, privateMedia: [messagePhotos] });

  const secret = resolveAuthSecret(config);
  const auth = createAuth({ db, config, secret, mailer: app.mailer, log: app.log, clock });
  app.decorate('auth', auth);
  await app.register(sessionPlugin, { auth, db, clock });
  await app.register(ssePlugin, { db, clock, ...sse });

  await app.register(healthRoutes, { db });
  await app.register(geoRoutes, { firewall: config.firewall });
  await app.register(campusRoutes, { db, config });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { db, storage: app.storage, clock });
  await app.register(accountRoutes, { db, storage: app.storage, mailer: app.mailer, clock, secret, auth });
  await app.register(schoolEmailRoutes, { db, mailer: app.mailer, clock, secret });
  await app.register(postsRoutes, { db, storage: app.storage, clock, ads: feedAds });
  await app.register(likedByRoutes, { db, storage: app.storage });
  // The e2e tests' way to move a seller's listings through time (decision 034); never in production.
  if (config.env !== 'production') await app.register(listingsDevRoutes, { db, clock });
  await app.register(chatsRoutes, { db, storage: app.storage, clock });
  await app.register(blocksRoutes, { db, storage: app.storage, clock });
  await app.register(notificationsRoutes, { db, storage: app.storage });
  await app.register(profilesRoutes, { db, storage: app.storage, clock, sendSignInLink: signInLinkSender(auth) });
  await app.register(moderationRoutes, { db, clock, storage: app.storage });
  // The e2e tests' way to end their own member's suspension (decision 039); never in production.
  if (config.env !== 'production') await app.register(moderationDevRoutes, { db, clock });
  await app.register(reviewsRoutes, { db, clock, storage: app.storage });
  await app.register(adsRoutes, { db, storage: app.storage, clock, provider: paymentProviderFor(config) });
  await app.register(searchRoutes, { db, storage: app.storage, clock });
  await app.register(offersRoutes, { db, storage: app.storage, clock, ads: feedAds });
  await app.register(meetupsRoutes, { db, storage: app.storage, clock });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
