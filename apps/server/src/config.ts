import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => ['on', 'true', '1'].includes(v));

/** Every setting the server reads. `.env.example` and the README's table list the same names. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra host names, `host=slug` pairs separated by commas, e.g. `buysell.ou.edu=ou`. */
  CAMPUS_HOSTS: z.string().default(''),
  /** Trust X-Forwarded-* headers (set when running behind a reverse proxy). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Folder of the built web app; served with SPA fallback when it exists. */
  WEB_DIST: z.string().default(''),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  campusHosts: Map<string, string>;
  trustProxy: boolean;
  webDist: string;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function parseCampusHosts(value: string): Map<string, string> {
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    campusHosts: parseCampusHosts(e.CAMPUS_HOSTS),
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
  };
}
