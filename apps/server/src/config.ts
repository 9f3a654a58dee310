import path from 'node:path';
import { z } from 'zod';
import type { StorageChoice } from './lib/media-store.ts';

const booleanFlag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => ['on', 'true', '1'].includes(v));

/** Every setting the server reads. `.env.example` and the README's table list the same names. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** How long a request waits to open or borrow a database connection before answering 503; also the health probe's limit. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(500),
  /**
   * A direct (session) connection to the same database for what needs a session: the LISTEN
   * connection, migrations under their advisory lock and pg-boss. Set it when DATABASE_URL is a
   * pooler in transaction mode (PgBouncer); default DATABASE_URL. Decision 043.
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * `off`: request statements are sent unnamed (parsed each time) instead of as named prepared
   * statements, for a pooler in transaction mode without prepared-statement support (PgBouncer
   * before 1.21, e.g. Debian bookworm's 1.18). Decision 043.
   */
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  /**
   * On SIGTERM: how long the instance keeps answering (readiness already false, every answer
   * closing its connection) before it stops accepting, so the load balancer moves away first.
   */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra host names, `host=slug` pairs separated by commas, e.g. `buysell.ou.edu=ou`. */
  CAMPUS_HOSTS: z.string().default(''),
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Folder of the built web app; served with SPA fallback when it exists. */
  WEB_DIST: z.string().default(''),
  /** Signs sessions and tokens; required in production (elsewhere kept in DATA_DIR/auth-secret). */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Outgoing mail, e.g. smtps://user:pass@smtp.example.com:465; unset → the dev mailbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Campus Buy / Sell <no-reply@campusbuysell.app>'),
  /** Google sign-in through OpenID discovery; off unless the client id is set. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.string().url().default('https://accounts.google.com/.well-known/openid-configuration'),
  /** Demo accounts and content on an empty database; default on except in production. */
  DEMO: booleanFlag.optional(),
  /** `on` sends every visitor to /404 at the geographic gate. */
  FIREWALL: booleanFlag.default(false),
  /** /metrics (Prometheus) on a listener of its own at this port, never the public one. Decision 043. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The metrics listener's address; default 127.0.0.1 (the machine's own scraper). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Without METRICS_PORT: /metrics on the public listener for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** Where uploads are kept: `disk` (DATA_DIR/uploads) or `s3` (a bucket; the S3_* settings). Decision 043. */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible service's address (MinIO, R2, a local server); unset: AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Unset: the AWS SDK's usual chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `on`: host/bucket/key addresses (most self-hosted services) instead of bucket.host/key. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /**
   * Stripe Checkout for boosts; unset → the local test checkout (test mode, no account needed)
   * outside production, and in production no boosts at all (PAYMENTS_NOT_CONFIGURED, one warning at start).
   */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (/api/payments/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API address (a local fake in tests, stripe-mock); default Stripe's. */
  STRIPE_API_URL: z.string().url().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseConnectTimeoutMs: number;
  databaseDirectUrl: string | undefined;
  databasePreparedStatements: boolean;
  drainDelayMs: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  campusHosts: Map<string, string>;
  trustProxy: boolean;
  webDist: string;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  firewall: boolean;
  demo: boolean;
  storage: StorageChoice;
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** Stripe Checkout when configured; otherwise the local test checkout, except in production (no boosts). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function parseCampusHosts(value: string): Map<string, string> {
  const hosts = new Map<string, string>();
  for (const pair of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [host, slug] = pair.split('=').map((s) => s.trim().toLowerCase());
    if (!host || !slug) throw new Error(`CAMPUS_HOSTS: expected host=slug, got "${pair}"`);
    hosts.set(host, slug);
  }
  return hosts;
}

/** Reads the environment once; a bad value stops the start with one readable line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET)
    throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production');
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: required with STORAGE=s3');
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    drainDelayMs: e.DRAIN_DELAY_MS,
    logLevel: e.LOG_LEVEL,
    campusHosts: parseCampusHosts(e.CAMPUS_HOSTS),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET ?? '',
          discoveryUrl: e.GOOGLE_DISCOVERY_URL,
        }
      : undefined,
    firewall: e.FIREWALL,
    demo: e.DEMO ?? e.NODE_ENV !== 'production',
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET as string,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk' },
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '', apiUrl: e.STRIPE_API_URL }
      : undefined,
  };
}
