import client from 'prom-client';

/**
 * The process's Prometheus metrics (docs/decisions/043-object-storage-metrics-and-health.md), served at
 * /metrics by plugins/metrics.ts. One registry per process: an instance is one process in
 * production; the counters are plain increments, and the gauges read their sources when scraped.
 * Labels are bounded: a route is its pattern (`/api/posts/:id`), never the address asked for.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new client.Histogram({
  name: 'campus_http_request_duration_seconds',
  help: 'Time to answer a request, by method, matched route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** What a gauge adds up when scraped: each app instance in the process registers its own. */
type Source<T> = Set<T>;
export const poolSources: Source<{ totalCount: number; idleCount: number; waitingCount: number }> = new Set();
export const streamSources: Source<{ readonly size: number }> = new Set();
export const queueSources: Source<() => Promise<Record<string, number>>> = new Set();

const sum = <T>(set: Set<T>, f: (item: T) => number) => [...set].reduce((n, item) => n + f(item), 0);

new client.Gauge({
  name: 'campus_db_pool_in_use',
  help: 'Request pool connections checked out now',
  registers: [registry],
  collect() {
    this.set(sum(poolSources, (p) => p.totalCount - p.idleCount));
  },
});
new client.Gauge({
  name: 'campus_db_pool_waiting',
  help: 'Requests waiting for a free pool connection now',
  registers: [registry],
  collect() {
    this.set(sum(poolSources, (p) => p.waitingCount));
  },
});
new client.Gauge({
  name: 'campus_sse_connections',
  help: 'Open live-event streams on this instance',
  registers: [registry],
  collect() {
    this.set(sum(streamSources, (s) => s.size));
  },
});

export const eventsPublished = new client.Counter({
  name: 'campus_events_published_total',
  help: 'Events written to the outbox (in transactions that may still roll back)',
  registers: [registry],
});
export const eventsDelivered = new client.Counter({
  name: 'campus_events_delivered_total',
  help: 'Events written to a live stream (live and replayed)',
  registers: [registry],
});
export const eventLag = new client.Histogram({
  name: 'campus_event_delivery_lag_seconds',
  help: 'From an event being stored to its live delivery on this instance (replays not counted)',
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

new client.Gauge({
  name: 'campus_jobs_queue_depth',
  help: 'Jobs queued and not yet started, by queue (pg-boss)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const source of queueSources) {
      // A database outage must not fail the scrape: the depth is then simply absent.
      const sizes = await source().catch(() => ({}) as Record<string, number>);
      for (const [queue, size] of Object.entries(sizes)) this.inc({ queue }, size);
    }
  },
});
export const jobsFailed = new client.Counter({
  name: 'campus_jobs_failed_total',
  help: 'Job runs that threw (pg-boss retries them), by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const mailSent = new client.Counter({
  name: 'campus_mail_sent_total',
  help: 'Emails handed to the mail transport',
  registers: [registry],
});
export const mailFailed = new client.Counter({
  name: 'campus_mail_failed_total',
  help: 'Email sends that failed (retried until they give up)',
  registers: [registry],
});

/** Kept pages answered since the last scrape: counted as plain numbers on the hot path, added to the counter when read. */
const keptPageCounts = { hit: 0, miss: 0 };

// Registered in `registry`, which is all that reads it.
new client.Counter({
  name: 'campus_kept_pages_total',
  help: 'Feed, profile and post pages answered from the kept copy (hit) or read from the database (miss)',
  labelNames: ['result'] as const,
  registers: [registry],
  collect() {
    for (const result of ['hit', 'miss'] as const) {
      this.inc({ result }, keptPageCounts[result]);
      keptPageCounts[result] = 0;
    }
  },
});

/** A feed, profile or post page answered from the kept copy (hit) or the database (miss). */
export function countKeptPage(result: 'hit' | 'miss'): void {
  keptPageCounts[result] += 1;
}
