import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { type Database, directUrlOf } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { jobsFailed, queueSources } from '../lib/metrics.ts';
import type { PushDeps } from '../modules/push/index.ts';
import { mailSavedSearchDigests, matchNewPosts, releaseHeldMatches } from '../modules/saved-searches/index.ts';
import { tickAdClock } from './ad-clock.ts';
import { mailDueNotifications, type NotificationMailDeps } from './notification-mail.ts';
import { purgeOld } from './purge.ts';
import { listenForPushes, sendDuePushes } from './push.ts';
import { sweepStaleListings } from './stale-listings.ts';

/** Queue names: one per kind of job. */
const JOBS = {
  purge: 'purge',
  notificationMail: 'notification-mail',
  adClock: 'ad-clock',
  staleListings: 'stale-listings',
  push: 'push',
  savedSearchAlerts: 'saved-search-alerts',
  savedSearchDigest: 'saved-search-digest',
} as const;

/** The purge runs hourly (at minute 17, away from the top of the hour). */
const PURGE_CRON = '17 * * * *';
/** The notification-mail sweep runs every minute (pg-boss cron's finest step); quiet periods are 10 min. */
const NOTIFICATION_MAIL_CRON = '* * * * *';
/** Ads accrue spend and complete every minute (docs/product/boosting.md#ad-record: runs are counted in minutes). */
const AD_CLOCK_CRON = '* * * * *';
/** Stale listings are asked about and expired hourly (at minute 41): days-long rules need no finer step. */
const STALE_LISTINGS_CRON = '41 * * * *';
/** The push job runs when a notification that pushes commits (LISTEN) and, to be sure, every minute. */
const PUSH_CRON = '* * * * *';
/**
 * New posts are matched against saved searches each minute, and at once when a post is created
 * (`savedSearchAlertsNow`, a 'stately' queue: one waiting and one running at most); held matches
 * are told once their hour is over (decision 040).
 */
const SAVED_SEARCH_ALERTS_CRON = '* * * * *';
/** The daily digest of saved-search matches, in the afternoon across the campuses' time zones (UTC 16:00). */
const SAVED_SEARCH_DIGEST_CRON = '0 16 * * *';

export interface JobRunner {
  readonly boss: PgBoss;
  /** Queues a purge now (tests, operators); resolves to the job id. */
  purgeNow(): Promise<string | null>;
  /** Queues a notification-mail sweep now; resolves to the job id (null: one is already queued). */
  mailNotificationsNow(): Promise<string | null>;
  /** Queues an ad-clock tick now; resolves to the job id (null: one is already queued). */
  adClockNow(): Promise<string | null>;
  /** Queues a stale-listings run now; resolves to the job id (null: one is already queued). */
  staleListingsNow(): Promise<string | null>;
  /** Queues a push run now; resolves to the job id (null: one is already queued, or no push deps). */
  pushNow(): Promise<string | null>;
  /** Queues a saved-search matching pass now (a post was created); null: one is already waiting. */
  savedSearchAlertsNow(): Promise<string | null>;
  /** Queues the saved-search digest now; null: one is already waiting (or no mail deps). */
  savedSearchDigestNow(): Promise<string | null>;
  /** Stops fetching, lets running jobs finish (bounded), closes its connections. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  url: string;
  db: Database;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** How long stop() waits for running jobs before leaving them to expire and retry. */
  stopTimeoutMs?: number;
  /** Fetch interval of the workers (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** The outbox and site addresses for notification emails; without it those jobs (and the digest) do not run. */
  notificationMail?: Omit<NotificationMailDeps, 'db'>;
  /** Keys, sender and rules of Web Push; without it that job does not run. */
  push?: Omit<PushDeps, 'db'>;
}

/**
 * The job runner (docs/decisions/014-events-and-jobs.md): pg-boss 10 on the app's PostgreSQL, in its own
 * schema `pgboss` (created and migrated by pg-boss at start), with a small pool of its own.
 * A job is a row in pgboss.job, sent on pg-boss's own connection (not in the caller's
 * transaction): a job about a change is queued after the commit, and handlers are idempotent.
 * Cron schedules are kept in the database and fire once across all instances.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const { db, log, clock = systemClock } = options;
  const boss = new PgBoss({
    connectionString: options.url,
    schema: 'pgboss',
    application_name: 'campus-jobs',
    max: 3,
  });
  // A database outage is reported through this event (never thrown at the process).
  let failing = false;
  boss.on('error', (error) => {
    if (!failing) log.warn({ err: error }, 'job runner: database error; retrying');
    failing = true;
  });
  await boss.start();
  /** A handler that counts its failures (pg-boss retries the job). */
  const counted =
    (queue: string, handler: () => Promise<void>): (() => Promise<void>) =>
    async () => {
      try {
        await handler();
      } catch (error) {
        jobsFailed.inc({ queue });
        throw error;
      }
    };
  /** The queues this runner made, for /metrics. */
  const queues: string[] = [];
  /**
   * A job of its own queue, run on `cron` (and whenever sent): its failures counted, a run that
   * gets through marks the database as reachable again.
   */
  const scheduled = async (
    name: string,
    queue: { policy: 'singleton' | 'stately'; retryLimit: number; retryBackoff?: boolean; expireInSeconds: number },
    timing: { pollSeconds: number; cron: string },
    run: () => Promise<void>,
  ) => {
    await boss.createQueue(name, { name, ...queue });
    await boss.work(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? timing.pollSeconds },
      counted(name, async () => {
        await run();
        failing = false;
      }),
    );
    await boss.schedule(name, timing.cron, {}, { tz: 'UTC' });
    queues.push(name);
  };
  await scheduled(
    JOBS.purge,
    { policy: 'singleton', retryLimit: 3, retryBackoff: true, expireInSeconds: 300 },
    { pollSeconds: 30, cron: PURGE_CRON },
    async () => {
      const result = await purgeOld(db, clock.now());
      log.info({ job: JOBS.purge, ...result }, 'purged old rows');
    },
  );

  await scheduled(
    JOBS.adClock,
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
    { pollSeconds: 5, cron: AD_CLOCK_CRON },
    async () => {
      const result = await tickAdClock(db, clock.now());
      if (result.completed > 0 || result.abandoned > 0) log.info({ job: JOBS.adClock, ...result }, 'ads completed');
    },
  );

  await scheduled(
    JOBS.staleListings,
    { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 },
    { pollSeconds: 30, cron: STALE_LISTINGS_CRON },
    async () => {
      const result = await sweepStaleListings(db, clock.now());
      if (result.asked > 0 || result.expired > 0) log.info({ job: JOBS.staleListings, ...result }, 'stale listings');
    },
  );

  await scheduled(
    JOBS.savedSearchAlerts,
    { policy: 'stately', retryLimit: 2, expireInSeconds: 120 },
    { pollSeconds: 2, cron: SAVED_SEARCH_ALERTS_CRON },
    async () => {
      const now = clock.now();
      const result = await matchNewPosts(db, now);
      const released = await releaseHeldMatches(db, now);
      if (result.notified > 0 || result.held > 0 || released > 0)
        log.info({ job: JOBS.savedSearchAlerts, ...result, released }, 'saved-search matches');
    },
  );

  const mailDeps = options.notificationMail;
  if (mailDeps) {
    await scheduled(
      JOBS.savedSearchDigest,
      { policy: 'singleton', retryLimit: 2, expireInSeconds: 600 },
      { pollSeconds: 30, cron: SAVED_SEARCH_DIGEST_CRON },
      async () => {
        const result = await mailSavedSearchDigests({ db, ...mailDeps }, clock.now());
        if (result.mails > 0) log.info({ job: JOBS.savedSearchDigest, ...result }, 'saved-search digests queued');
      },
    );

    await scheduled(
      JOBS.notificationMail,
      { policy: 'singleton', retryLimit: 2, expireInSeconds: 120 },
      { pollSeconds: 5, cron: NOTIFICATION_MAIL_CRON },
      async () => {
        const result = await mailDueNotifications({ db, ...mailDeps }, clock.now());
        if (result.claimed > 0) log.info({ job: JOBS.notificationMail, ...result }, 'notification emails queued');
      },
    );
  }

  // Queue depths for /metrics, read from pg-boss when scraped.
  const depths = async () => {
    const sizes = await Promise.all(queues.map((name) => boss.getQueueSize(name)));
    return Object.fromEntries(queues.map((name, i) => [name, sizes[i] ?? 0]));
  };
  queueSources.add(depths);
  const pushDeps = options.push;
  let stopListening: (() => Promise<void>) | undefined;
  if (pushDeps) {
    // One run waiting and one running at most: a burst of notifications is one more run.
    await scheduled(
      JOBS.push,
      { policy: 'stately', retryLimit: 1, expireInSeconds: 120 },
      { pollSeconds: 1, cron: PUSH_CRON },
      async () => {
        const result = await sendDuePushes({ db, ...pushDeps });
        if (result.claimed > 0) log.info({ job: JOBS.push, ...result }, 'pushes sent');
      },
    );
    const listener = listenForPushes(options.url, () => void boss.send(JOBS.push, {}).catch(() => {}), log);
    stopListening = () => listener.close();
  }

  return {
    boss,
    pushNow: () => (pushDeps ? boss.send(JOBS.push, {}) : Promise.resolve(null)),
    purgeNow: () => boss.send(JOBS.purge, {}),
    mailNotificationsNow: () => boss.send(JOBS.notificationMail, {}),
    adClockNow: () => boss.send(JOBS.adClock, {}),
    staleListingsNow: () => boss.send(JOBS.staleListings, {}),
    savedSearchAlertsNow: () => boss.send(JOBS.savedSearchAlerts, {}),
    savedSearchDigestNow: () => (mailDeps ? boss.send(JOBS.savedSearchDigest, {}) : Promise.resolve(null)),
    stop: async () => {
      queueSources.delete(depths);
      await stopListening?.();
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5_000 });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner, once the app is ready; undefined where it does not run (tests by default). */
    jobs: JobRunner | undefined;
  }
}

export interface JobsPluginOptions {
  db: Database;
  /** Site addresses in notification emails. */
  config?: Pick<Config, 'env' | 'port'>;
  /** The server secret (the unsubscribe tokens of notification emails, decision 040). */
  secret?: string;
  clock?: Clock;
  /** Run jobs in this app instance; default: everywhere but tests (most test apps need none). */
  start?: boolean;
  pollingIntervalSeconds?: number;
  /** Web Push (decision 041); without it no push job runs. */
  push?: Omit<PushDeps, 'db'>;
}

/** Starts the runner when the app is ready and stops it when the app closes. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsPluginOptions) => {
    app.decorate('jobs', undefined);
    if (!options.start) return;
    app.addHook('onReady', async () => {
      app.jobs = await startJobRunner({
        // pg-boss keeps session state (advisory locks, its own pool): never through the pooler.
        url: directUrlOf(options.db),
        db: options.db,
        clock: options.clock,
        log: app.log.child({ module: 'jobs' }),
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        push: options.push,
        notificationMail:
          options.config && options.secret
            ? {
                config: options.config,
                secret: options.secret,
                enqueue: (tx, mail) => app.mailer.enqueue(tx, mail),
                kick: () => app.mailer.kick(),
              }
            : undefined,
      });
    });
    // Fastify's onClose: after the last request, before the process closes the pool and stops
    // the database (server.ts), so no job is cut off mid-query.
    app.addHook('onClose', async () => {
      if (!app.jobs) return;
      await app.jobs.stop();
      app.jobs = undefined;
      app.log.info({ module: 'jobs' }, 'job runner stopped');
    });
  },
  { name: 'jobs' },
);
