import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { type EmbeddedPostgres, ensureDatabase, startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import type { LocalS3 } from '../../apps/server/test/s3.ts';

/**
 * One machine running the production topology (docs/decisions/044-cluster-topology.md):
 * PostgreSQL, PgBouncer in transaction mode, N app instances, nginx round robin in front and
 * a local S3-compatible server. Used by `npm run cluster` (scripts/cluster.ts), the cluster
 * test (scripts/cluster/cluster.spec.ts) and bench/cluster.ts.
 *
 * Every process is a child of this one, in a process group of its own (Ctrl-C reaches only
 * the runner, which stops them in order: nginx, the instances, PgBouncer, S3, PostgreSQL),
 * with its configuration and logs in `runDir`.
 */
export interface ClusterPorts {
  nginx: number;
  pgbouncer: number;
  instances: number[];
  /** Each instance's /metrics listener (METRICS_PORT, on 127.0.0.1), when given. */
  metrics?: number[];
}

export interface ClusterOptions {
  /** The repository. */
  root: string;
  /** Configs, logs, data; made by the caller, removed by the caller. */
  runDir: string;
  ports: ClusterPorts;
  /** The app's database on an existing PostgreSQL; unset: an embedded one in runDir. */
  databaseUrl?: string;
  /** Demo accounts and posts (the first instance seeds them before the others start). */
  demo?: boolean;
  /**
   * Test only: a `cluster_pin` cookie of 1…N sends a request to that instance (the others as
   * backups), and every answer names its instance in X-Cluster-Upstream. Never in production.
   */
  pinning?: boolean;
  /** The instances' LOG_LEVEL (default warn). */
  logLevel?: string;
  log?: (line: string) => void;
}

export interface Instance {
  readonly index: number;
  readonly port: number;
  process: ChildProcess;
  /** Marked `down` in nginx (during its drain). */
  down: boolean;
}

const NGINX = '/usr/sbin/nginx';
/** tsx's loader by its full path: an instance's working folder is the run folder, where `tsx` would not resolve. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const PGBOUNCER = '/usr/sbin/pgbouncer';
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 50;

const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = READY_TIMEOUT_MS) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** Fills `${NAME}` placeholders; a placeholder left unfilled is an error, not an nginx surprise. */
function fillTemplate(template: string, values: Record<string, string>): string {
  const filled = template.replace(/\$\{([A-Z_]+)\}/g, (match, name: string) => values[name] ?? match);
  const left = filled.match(/\$\{[A-Z_]+\}/);
  if (left) throw new Error(`template placeholder ${left[0]} has no value`);
  return filled;
}

/** Ports nothing listens on now (the OS picks them). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** Refuses ports something already listens on, naming them. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!free) taken.push(port);
  }
  if (taken.length > 0) throw new Error(`port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} already in use`);
}

const runAsRoot = () => process.getuid?.() === 0;

/** Lets the `postgres` user walk to `dir` (search bit only, as db/embedded.ts does for its data). */
async function allowTraversal(dir: string): Promise<void> {
  let current = path.resolve(dir);
  while (true) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

export class Cluster {
  readonly instances: Instance[] = [];
  private readonly sideInstances: Instance[] = [];
  /** The site through nginx. */
  readonly url: string;
  /** Request queries' URL (through PgBouncer) and the direct one (LISTEN, migrations, pg-boss). */
  pooledUrl = '';
  directUrl = '';
  private embedded: EmbeddedPostgres | undefined;
  private pgbouncer: ChildProcess | undefined;
  private nginx: ChildProcess | undefined;
  private s3: LocalS3 | undefined;
  private readonly secret = randomBytes(32).toString('base64url');
  private readonly log: (line: string) => void;
  private stopping = false;

  constructor(private readonly options: ClusterOptions) {
    this.url = `http://127.0.0.1:${options.ports.nginx}`;
    this.log = options.log ?? (() => {});
  }

  /** The secret the instances sign sessions with (tests make sessions of their own). */
  get authSecret(): string {
    return this.secret;
  }

  /** Process ids of the pieces (bench/cluster.ts reads their CPU time). */
  get pids(): { nginx?: number; pgbouncer?: number; postgres?: number } {
    return { nginx: this.nginx?.pid, pgbouncer: this.pgbouncer?.pid, postgres: this.embedded?.pid };
  }

  /** nginx's access log: one line per request with its id and the instance that served it. */
  get accessLog(): string {
    return path.join(this.dir('nginx'), 'nginx-access.log');
  }

  private dir(name: string) {
    return path.join(this.options.runDir, name);
  }

  async start(): Promise<void> {
    const { runDir } = this.options;
    await fs.mkdir(runDir, { recursive: true });
    // As root, PostgreSQL and PgBouncer run as `postgres` and must reach their folders.
    if (runAsRoot()) await allowTraversal(runDir);
    await this.startPostgres();
    await this.startPgbouncer();
    // The same local S3 server (s3rver) the app's own storage tests use, on a free port.
    const { startLocalS3 } = await import('../../apps/server/test/s3.ts');
    this.s3 = await startLocalS3('campus-uploads');
    this.log(`S3: ${this.s3.endpoint} (bucket ${this.s3.bucket})`);
    // The first instance runs the migrations (and seeds the demo) alone; then the others.
    const [first, ...rest] = this.options.ports.instances;
    if (first === undefined) throw new Error('no instance ports');
    this.instances.push(await this.startInstance(0, first));
    this.instances.push(...(await Promise.all(rest.map((port, i) => this.startInstance(i + 1, port)))));
    await this.startNginx();
  }

  // --- PostgreSQL ----------------------------------------------------------------------------

  private async startPostgres(): Promise<void> {
    let url = this.options.databaseUrl;
    if (!url) {
      this.embedded = await startEmbeddedPostgres({
        dataDir: this.dir('postgres'),
        log: (m) => this.log(`postgres: ${m}`),
      });
      await ensureDatabase(this.embedded.adminUrl, 'campus');
      url = this.embedded.urlFor('campus');
    }
    this.directUrl = url;
    this.log(`PostgreSQL: ${url.replace(/:[^:@/]*@/, ':…@')}`);
  }

  /**
   * A restart of PostgreSQL under the running cluster (the failover drill): a fast shutdown
   * (what `pg_ctl restart -m fast` does), then the embedded server's supervisor starts it again
   * on the same port. Only the cluster's own embedded server: never a shared one.
   */
  async restartPostgres(): Promise<void> {
    const embedded = this.embedded;
    if (!embedded?.pid)
      throw new Error('restartPostgres: only the embedded PostgreSQL of this cluster can be restarted');
    const before = embedded.restarts;
    process.kill(embedded.pid, 'SIGINT');
    await until('PostgreSQL to come back', () => embedded.restarts > before);
  }

  // --- PgBouncer -----------------------------------------------------------------------------

  private async startPgbouncer(): Promise<void> {
    const direct = new URL(this.directUrl);
    const dir = this.dir('pgbouncer');
    await fs.mkdir(dir, { recursive: true });
    const user = decodeURIComponent(direct.username || 'postgres');
    // The clients' password; PgBouncer logs in to PostgreSQL with it too (SCRAM).
    const password = decodeURIComponent(direct.password) || randomBytes(18).toString('base64url');
    const database = decodeURIComponent(direct.pathname.slice(1));
    const authFile = path.join(dir, 'userlist.txt');
    await fs.writeFile(authFile, `"${user}" "${password}"\n`, { mode: 0o600 });
    const ini = fillTemplate(await fs.readFile(path.join(this.options.root, 'deploy/pgbouncer.ini'), 'utf8'), {
      RUN_DIR: dir,
      LISTEN_ADDR: '127.0.0.1',
      LISTEN_PORT: String(this.options.ports.pgbouncer),
      PG_HOST: direct.hostname,
      PG_PORT: direct.port || '5432',
      PG_DATABASE: database,
      AUTH_FILE: authFile,
    });
    const iniFile = path.join(dir, 'pgbouncer.ini');
    await fs.writeFile(iniFile, ini);
    // PgBouncer refuses to run as root: as root it switches to `postgres` (-u).
    const args = runAsRoot() ? ['-u', 'postgres', iniFile] : [iniFile];
    if (runAsRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    this.pgbouncer = this.spawnLogged('pgbouncer', PGBOUNCER, args, path.join(dir, 'stderr.log'));
    const pooled = new URL(this.directUrl);
    pooled.port = String(this.options.ports.pgbouncer);
    pooled.hostname = '127.0.0.1';
    pooled.password = password;
    this.pooledUrl = pooled.toString();
    await until('PgBouncer to answer', async () => {
      if (this.pgbouncer?.exitCode !== null)
        throw new Error(`PgBouncer exited: ${await this.tail(path.join(dir, 'pgbouncer.log'))}`);
      const client = new pg.Client({ connectionString: this.pooledUrl, connectionTimeoutMillis: 1_000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    });
    this.log(`PgBouncer: 127.0.0.1:${this.options.ports.pgbouncer} (transaction pooling)`);
  }

  // --- Instances -----------------------------------------------------------------------------

  private instanceEnv(index: number, port: number): NodeJS.ProcessEnv {
    const s3 = this.s3;
    if (!s3) throw new Error('S3 is not started');
    return {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dir('data'),
      WEB_DIST: path.join(this.options.root, 'apps/web/dist'),
      DATABASE_URL: this.pooledUrl,
      DATABASE_DIRECT_URL: this.directUrl,
      // PgBouncer 1.18 (Debian bookworm) has no protocol-level prepared statements.
      DATABASE_PREPARED_STATEMENTS: 'off',
      AUTH_SECRET: this.secret,
      TRUST_PROXY: 'on',
      // nginx stops sending here before the drain starts (rollingRestart); this second covers a
      // request an old nginx worker accepted just before its reload.
      DRAIN_DELAY_MS: '1000',
      LOG_LEVEL: this.options.logLevel ?? 'warn',
      DEMO: this.options.demo && index === 0 ? 'on' : 'off',
      ...(this.options.ports.metrics?.[index] ? { METRICS_PORT: String(this.options.ports.metrics[index]) } : {}),
      ...s3.env,
    };
  }

  private async startInstance(index: number, port: number, overrides: NodeJS.ProcessEnv = {}): Promise<Instance> {
    const logFile = this.dir(`instance-${index + 1}.log`);
    const child = this.spawnLogged(
      `instance ${index + 1}`,
      process.execPath,
      // tsx resolved here: the instance's working folder is the run folder (no stray .env).
      ['--import', TSX_LOADER, path.join(this.options.root, 'apps/server/src/server.ts')],
      logFile,
      { env: { ...this.instanceEnv(index, port), ...overrides }, cwd: this.options.runDir },
    );
    await until(`instance ${index + 1} to be ready`, async () => {
      if (child.exitCode !== null) throw new Error(`instance ${index + 1} exited:\n${await this.tail(logFile)}`);
      return httpOk(`http://127.0.0.1:${port}/api/health/ready`);
    });
    this.log(`instance ${index + 1}: http://127.0.0.1:${port} (pid ${child.pid})`);
    return { index, port, process: child, down: false };
  }

  /**
   * An instance outside nginx with settings of its own (bench/cluster.ts: the same app straight
   * on PostgreSQL, to compare with the one behind PgBouncer). Stopped by stop() too.
   */
  async startSideInstance(port: number, overrides: NodeJS.ProcessEnv): Promise<Instance> {
    const instance = await this.startInstance(100 + this.sideInstances.length, port, overrides);
    this.sideInstances.push(instance);
    return instance;
  }

  private instance(index: number): Instance {
    const instance = this.instances[index];
    if (!instance) throw new Error(`no instance ${index + 1}`);
    return instance;
  }

  /** kill -9: no drain, no goodbye. */
  async killInstance(index: number): Promise<void> {
    const instance = this.instance(index);
    instance.process.kill('SIGKILL');
    await exited(instance.process);
  }

  /** Starts a stopped or killed instance again on its port and waits for readiness. */
  async reviveInstance(index: number): Promise<void> {
    const instance = this.instance(index);
    const next = await this.startInstance(index, instance.port);
    instance.process = next.process;
  }

  /**
   * A deploy, one instance at a time (deploy/nginx.conf, the end of the file): out of nginx,
   * SIGTERM (drain), start again, wait for readiness, back into nginx.
   */
  async rollingRestart(onStep: (step: string) => void = () => {}): Promise<void> {
    for (const instance of this.instances) {
      const name = `instance ${instance.index + 1}`;
      instance.down = true;
      await this.reloadNginx();
      onStep(`${name}: out of nginx`);
      instance.process.kill('SIGTERM');
      await exited(instance.process);
      onStep(`${name}: drained and stopped`);
      await this.reviveInstance(instance.index);
      instance.down = false;
      await this.reloadNginx();
      onStep(`${name}: ready and back in nginx`);
    }
  }

  // --- nginx ---------------------------------------------------------------------------------

  private async renderNginx(): Promise<string> {
    const dir = this.dir('nginx');
    const template = await fs.readFile(path.join(this.options.root, 'deploy/nginx.conf'), 'utf8');
    const serverLine = (i: Instance | { port: number; down: boolean }, extra = '') =>
      `server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s${extra}${i.down ? ' down' : ''};`;
    await fs.mkdir(dir, { recursive: true });
    const tls = path.join(dir, 'tls.conf');
    await fs.writeFile(tls, '# plain HTTP on one machine: no certificate\n');
    let conf = fillTemplate(template, {
      RUN_DIR: dir,
      LISTEN: `127.0.0.1:${this.options.ports.nginx}`,
      SERVER_NAME: '_',
      TLS_CONF: tls,
      APP_SERVERS: this.instances.map((i) => serverLine(i)).join('\n        '),
    });
    if (this.options.pinning)
      conf = withTestPinning(
        conf,
        this.instances.map((i) => serverLine(i)),
        this.instances,
      );
    return conf;
  }

  private async startNginx(): Promise<void> {
    const dir = this.dir('nginx');
    await fs.mkdir(dir, { recursive: true });
    const confFile = path.join(dir, 'nginx.conf');
    await fs.writeFile(confFile, await this.renderNginx());
    this.testNginx(confFile);
    this.nginx = this.spawnLogged(
      'nginx',
      NGINX,
      ['-e', path.join(dir, 'nginx-error.log'), '-p', dir, '-c', confFile, '-g', 'daemon off;'],
      path.join(dir, 'stderr.log'),
    );
    await until('nginx to answer', async () => {
      if (this.nginx?.exitCode !== null)
        throw new Error(`nginx exited: ${await this.tail(path.join(dir, 'nginx-error.log'))}`);
      return httpOk(`${this.url}/api/health/live`);
    });
    this.log(`nginx: ${this.url} → ${this.instances.length} instances, round robin`);
  }

  private testNginx(confFile: string): void {
    const dir = path.dirname(confFile);
    const check = spawnSync(NGINX, ['-t', '-q', '-e', path.join(dir, 'nginx-error.log'), '-p', dir, '-c', confFile], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  }

  /** Writes the configuration again and reloads; resolves once only new workers take connections. */
  async reloadNginx(): Promise<void> {
    const nginx = this.nginx;
    if (!nginx?.pid) throw new Error('nginx is not running');
    const confFile = path.join(this.dir('nginx'), 'nginx.conf');
    await fs.writeFile(confFile, await this.renderNginx());
    this.testNginx(confFile);
    const before = new Set((await childProcesses(nginx.pid)).map((c) => c.pid));
    nginx.kill('SIGHUP');
    await until('nginx to reload', async () => {
      const live = (await childProcesses(nginx.pid as number)).filter((c) => !c.exiting);
      return live.length > 0 && live.every((c) => !before.has(c.pid));
    });
  }

  // --- Everything ----------------------------------------------------------------------------

  private spawnLogged(
    name: string,
    file: string,
    args: string[],
    logFile: string,
    extra: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
  ): ChildProcess {
    const fd = openSync(logFile, 'a');
    // Its own process group: Ctrl-C reaches the runner only, which stops everything in order.
    const child = spawn(file, args, { ...extra, stdio: ['ignore', fd, fd], detached: true });
    closeSync(fd);
    child.once('exit', (code, signal) => {
      if (!this.stopping && code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM')
        this.log(`${name} exited (${signal ?? `code ${code}`}); its log: ${logFile}`);
    });
    return child;
  }

  private async tail(file: string, lines = 30): Promise<string> {
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    return text.split('\n').slice(-lines).join('\n');
  }

  /** Stops everything this cluster started, in order; safe to call twice. */
  async stop(): Promise<void> {
    this.stopping = true;
    const stopChild = async (child: ChildProcess | undefined, signal: NodeJS.Signals) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(killTimer);
    };
    // nginx first (SIGQUIT: graceful), then the instances drain, then what they use.
    await stopChild(this.nginx, 'SIGQUIT');
    await Promise.all([...this.instances, ...this.sideInstances].map((i) => stopChild(i.process, 'SIGTERM')));
    await stopChild(this.pgbouncer, 'SIGTERM');
    await this.s3?.close();
    await this.embedded?.stop();
  }

  /**
   * Ends whatever is still running (the runner is exiting and cannot wait): nginx's master with
   * SIGTERM, so that it takes its workers with it (a SIGKILLed master leaves them running).
   */
  killAll(): void {
    const running = (child: ChildProcess | undefined) => child && child.exitCode === null && child.signalCode === null;
    if (running(this.nginx)) this.nginx?.kill('SIGTERM');
    for (const child of [this.pgbouncer, ...[...this.instances, ...this.sideInstances].map((i) => i.process)]) {
      if (running(child)) child?.kill('SIGKILL');
    }
  }
}

/** The children of `pid` and whether each is an nginx worker shutting down after a reload. */
async function childProcesses(pid: number): Promise<{ pid: number; exiting: boolean }[]> {
  const found: { pid: number; exiting: boolean }[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces, inside parentheses): state, ppid, …
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid !== pid) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    found.push({ pid: Number(entry), exiting: cmdline.includes('shutting down') });
  }
  return found;
}

/**
 * The test configuration's only difference (never production): `cluster_pin=N` sends a
 * request to instance N (the others as backups, so a pinned client survives its instance), and
 * the answer names the instance that served it.
 */
function withTestPinning(conf: string, serverLines: string[], instances: { index: number }[]): string {
  const upstreams = instances
    .map((instance) => {
      const lines = serverLines.map((line, i) => (i === instance.index ? line : line.replace(/;$/, ' backup;')));
      return `    upstream campus_app_${instance.index + 1} {\n        ${lines.join('\n        ')}\n        keepalive 16;\n    }`;
    })
    .join('\n');
  const map = `    # TEST ONLY (scripts/cluster/topology.ts, withTestPinning)
    map $cookie_cluster_pin $cluster_upstream {
        default campus_app;
${instances.map((i) => `        ${i.index + 1} campus_app_${i.index + 1};`).join('\n')}
    }
${upstreams}
`;
  const at = conf.indexOf('    server {');
  const passes = conf.split('proxy_pass http://campus_app;').length - 1;
  if (at < 0 || passes === 0) throw new Error('withTestPinning: deploy/nginx.conf no longer has the expected shape');
  return `${conf.slice(0, at)}${map}\n${conf.slice(at)}`
    .replaceAll('proxy_pass http://campus_app;', 'proxy_pass http://$cluster_upstream;')
    .replace(
      'add_header X-Request-Id $request_id always;',
      'add_header X-Request-Id $request_id always;\n        add_header X-Cluster-Upstream $upstream_addr always;',
    );
}
