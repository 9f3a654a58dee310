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
import { blockedEitherWay, blocksRoutes } from './modules/blocks/index.ts';
import { campusRoutes } from './modules/campus/index.ts';
import { chatsRoutes, messagePhotos } from './modules/chats/index.ts';
import { geoRoutes } from './modules/geo/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { mailPlugin } from './modules/mail/index.ts';
import { meetupsRoutes } from './modules/meetups/index.ts';
import { moderationDevRoutes, moderationRoutes } from './modules/moderation/index.ts';
import { membersWithPreviewsOff, notificationSettingsRoutes } from './modules/notification-settings/index.ts';
import { notificationsRoutes } from './modules/notifications/index.ts';
import { offersRoutes } from './modules/offers/index.ts';
import { likedByRoutes, listingsDevRoutes, postsRoutes } from './modules/posts/index.ts';
import { profilesRoutes } from './modules/profiles/index.ts';
import { httpPushSender, type PushSender, pushRoutes, resolveVapidKeys } from './modules/push/index.ts';
import { reviewsRoutes } from './modules/reviews/index.ts';
import { savedSearchesDevRoutes, savedSearchesRoutes } from './modules/saved-searches/index.ts';
import { schoolEmailRoutes } from './modules/school-email/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { accountRoutes, usersRoutes } from './modules/users/index.ts';
import { cacheHeadersPlugin } from './plugins/cache-headers.ts';
import { campusPlugin } from './plugins/campus.ts';
import { dbFaultsPlugin } from './plugins/db-faults.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { loggerOptions, requestIdOf, requestLogController, requestLogPlugin } from './plugins/logging.ts';
import { metricsPlugin } from './plugins/metrics.ts';
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
  /** Where pushes go (default: HTTPS to the subscriptions' push services). */
  pushSender?: PushSender;
}

/** Registers plugins and modules, nothing else: starting and stopping live in server.ts. */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  logStream,
  sse,
  jobs,
  pushSender,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, { stream: logStream }),
    // One line per request instead of two (plugins/logging.ts).
    logController: requestLogController(),
    // The load balancer's X-Request-Id when it is a sane token, else a fresh UUID (plugins/logging.ts).
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    // Fastify answers 503 to requests that arrive while it drains on shutdown.
    return503OnClosing: true,
  });
  // Drain on shutdown: readiness false, answers close their connection (plugins/lifecycle.ts).
  await app.register(lifecyclePlugin);
  app.setValidatorCompiler(validatorCompiler);
  // Compiled response serializers (plugins/serializer.ts); Zod checks responses outside production.
  app.setSerializerCompiler(compiledSerializerCompiler({ validate: config.env !== 'production' }));

  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  // Prometheus metrics: request durations from here on; /metrics on METRICS_PORT or behind METRICS_TOKEN.
  await app.register(metricsPlugin, config.metrics);
  await app.register(dbFaultsPlugin, { db });
  await app.register(cacheHeadersPlugin);
  await app.register(securityPlugin, { production: config.env === 'production' });
  const secret = resolveAuthSecret(config);
  await app.register(mailPlugin, { db, config, clock });
  // Web Push (decision 041): the routes and the push job share the keys and the sender; lock-screen
  // previews follow each member's `pushPreviews` setting (decision 040).
  const push = {
    db,
    clock,
    keys: resolveVapidKeys(config),
    campusHosts: config.campusHosts,
    testOrigin: config.push.testOrigin,
    send: pushSender ?? httpPushSender(config.push.testOrigin),
    previewsOff: (userIds: string[]) => membersWithPreviewsOff(db, userIds),
  };
  await app.register(jobsPlugin, { db, clock, config, secret, push, start: jobs ?? config.env !== 'test' });
  await app.register(compress);
  // Upload routes set their own size limits; these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: 200 * 1024 * 1024, files: 10, fields: 20 } });
  await app.register(openapiPlugin);
  await app.register(campusPlugin, { campusHosts: config.campusHosts, production: config.env === 'production' });
  // Chat photos are served only to the two people in the chat (session checked per request).
  await app.register(storagePlugin, {
    dataDir: config.dataDir,
    storage: config.storage,
    privateMedia: [messagePhotos],
  });

  const auth = createAuth({ db, config, secret, mailer: app.mailer, log: app.log, clock });
  app.decorate('auth', auth);
  await app.register(sessionPlugin, { auth, db, clock });
  // A new post reaches no one blocked either way with its author (decision 042).
  await app.register(ssePlugin, { db, clock, hiddenFrom: (userId) => blockedEitherWay(db, userId), ...sse });

  await app.register(healthRoutes, { db, readyTimeoutMs: config.databaseConnectTimeoutMs });
  await app.register(geoRoutes, { firewall: config.firewall });
  await app.register(campusRoutes, { db, config });
  await app.register(authRoutes, { auth });
  await app.register(usersRoutes, { db, storage: app.storage, clock });
  await app.register(accountRoutes, { db, storage: app.storage, mailer: app.mailer, clock, secret, auth });
  await app.register(schoolEmailRoutes, { db, mailer: app.mailer, clock, secret });
  await app.register(postsRoutes, {
    db,
    storage: app.storage,
    clock,
    ads: feedAds,
    // A new post wakes the saved-search matching at once (decision 040); the cron is the backstop.
    onCreated: () =>
      void app.jobs?.savedSearchAlertsNow().catch((err: unknown) => app.log.warn({ err }, 'saved-search kick failed')),
  });
  await app.register(likedByRoutes, { db, storage: app.storage });
  // The e2e tests' way to move a seller's listings through time (decision 034); never in production.
  if (config.env !== 'production') await app.register(listingsDevRoutes, { db, clock });
  await app.register(notificationSettingsRoutes, { db, clock, secret });
  await app.register(savedSearchesRoutes, { db, clock });
  if (config.env !== 'production') {
    await app.register(savedSearchesDevRoutes, {
      db,
      clock,
      config,
      secret,
      enqueue: (tx, mail) => app.mailer.enqueue(tx, mail),
      kick: () => app.mailer.kick(),
    });
  }
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
  await app.register(pushRoutes, push);

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
