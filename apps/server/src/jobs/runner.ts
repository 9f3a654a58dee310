import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import { type Database, directUrlOf } from '../db/client.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { jobsFailed, queueSources } from '../lib/metrics.ts';
import { tickAdClock } from './ad-clock.ts';
import { mailDueNotifications, type NotificationMailDeps } from './notification-mail.ts';
import { purgeOld } from './purge.ts';
import { sweepStaleListings } from './stale-listings.ts';

/** Queue names: one per kind of job. */
const JOBS = {
  purge: 'purge',
  notificationMail: 'notification-mail',
  adClock: 'ad-clock',
  staleListings: 'stale-listings',
} as const;

/** The purge runs hourly (at minute 17, away from the top of the hour). */
const PURGE_CRON = '17 * * * *';
/** The notification-mail sweep runs every minute (pg-boss cron's finest step); quiet periods are 10 min. */
const NOTIFICATION_MAIL_CRON = '* * * * *';
/** Ads accrue spend and complete every minute (docs/product/boosting.md#ad-record: runs are counted in minutes). */
const AD_CLOCK_CRON = '* * * * *';
/** Stale listings are asked about and expired hourly (at minute 41): days-long rules need no finer step. */
const STALE_LISTINGS_CRON = '41 * * * *';

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
  /** The outbox and site addresses for notification emails; without it that job does not run. */
  notificationMail?: Omit<NotificationMailDeps, 'db'>;
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
  await boss.createQueue(JOBS.purge, {
    name: JOBS.purge,
    policy: 'singleton',
    retryLimit: 3,
    retryBackoff: true,
    expireInSeconds: 300,
  });
  await boss.work(
    JOBS.purge,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
    counted(JOBS.purge, async () => {
      const result = await purgeOld(db, clock.now());
      failing = false;
      log.info({ job: JOBS.purge, ...result }, 'purged old rows');
    }),
  );
  await boss.schedule(JOBS.purge, PURGE_CRON, {}, { tz: 'UTC' });

  await boss.createQueue(JOBS.adClock, {
    name: JOBS.adClock,
    policy: 'singleton',
    retryLimit: 2,
    expireInSeconds: 120,
  });
  await boss.work(
    JOBS.adClock,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
    counted(JOBS.adClock, async () => {
      const result = await tickAdClock(db, clock.now());
      failing = false;
      if (result.completed > 0 || result.abandoned > 0) log.info({ job: JOBS.adClock, ...result }, 'ads completed');
    }),
  );
  await boss.schedule(JOBS.adClock, AD_CLOCK_CRON, {}, { tz: 'UTC' });

  await boss.createQueue(JOBS.staleListings, {
    name: JOBS.staleListings,
    policy: 'singleton',
    retryLimit: 2,
    expireInSeconds: 300,
  });
  await boss.work(
    JOBS.staleListings,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 },
    counted(JOBS.staleListings, async () => {
      const result = await sweepStaleListings(db, clock.now());
      failing = false;
      if (result.asked > 0 || result.expired > 0) log.info({ job: JOBS.staleListings, ...result }, 'stale listings');
    }),
  );
  await boss.schedule(JOBS.staleListings, STALE_LISTINGS_CRON, {}, { tz: 'UTC' });

  const mailDeps = options.notificationMail;
  if (mailDeps) {
    await boss.createQueue(JOBS.notificationMail, {
      name: JOBS.notificationMail,
      policy: 'singleton',
      retryLimit: 2,
      expireInSeconds: 120,
    });
    await boss.work(
      JOBS.notificationMail,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
      counted(JOBS.notificationMail, async () => {
        const result = await mailDueNotifications({ db, ...mailDeps }, clock.now());
        failing = false;
        if (result.claimed > 0) log.info({ job: JOBS.notificationMail, ...result }, 'notification emails queued');
      }),
    );
    await boss.schedule(JOBS.notificationMail, NOTIFICATION_MAIL_CRON, {}, { tz: 'UTC' });
  }

  // Queue depths for /metrics, read from pg-boss when scraped.
  const queues = Object.values(JOBS).filter((name) => name !== JOBS.notificationMail || mailDeps);
  const depths = async () => {
    const sizes = await Promise.all(queues.map((name) => boss.getQueueSize(name)));
    return Object.fromEntries(queues.map((name, i) => [name, sizes[i] ?? 0]));
  };
  queueSources.add(depths);

  return {
    boss,
    purgeNow: () => boss.send(JOBS.purge, {}),
    mailNotificationsNow: () => boss.send(JOBS.notificationMail, {}),
    adClockNow: () => boss.send(JOBS.adClock, {}),
    staleListingsNow: () => boss.send(JOBS.staleListings, {}),
    stop: () => {
      queueSources.delete(depths);
      return boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 5_000 });
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
  clock?: Clock;
  /** Run jobs in this app instance; default: everywhere but tests (most test apps need none). */
  start?: boolean;
  pollingIntervalSeconds?: number;
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
        notificationMail: options.config
          ? {
              config: options.config,
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
