import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { assertPortsFree, Cluster, type ClusterPorts } from './cluster/topology.ts';
import { decideWebBuild } from './web-build.ts';

/**
 * `npm run cluster`: the production topology on this machine (docs/decisions/044-cluster-topology.md).
 * PostgreSQL (DATABASE_URL's, or an embedded one), PgBouncer in transaction mode, three app
 * instances in production mode, nginx round robin in front, a local S3 server. Ctrl-C stops
 * everything; `kill -HUP <pid>` restarts the instances one by one (a deploy).
 *
 * Env: CLUSTER_PORT (nginx, default 8480; the instances take the next ports, PgBouncer +10;
 * each instance's /metrics +21…, S3 a free one), CLUSTER_INSTANCES (3), DATABASE_URL, DEMO (on), LOG_LEVEL (warn), CLUSTER_KEEP=1
 * keeps the run folder (configs and logs) after the stop.
 */
const root = path.resolve(import.meta.dirname, '..');
const base = Number(process.env.CLUSTER_PORT ?? 8480);
const count = Number(process.env.CLUSTER_INSTANCES ?? 3);
if (!Number.isInteger(base) || base < 1024 || base > 65_000) throw new Error('CLUSTER_PORT: a port from 1024 to 65000');
if (!Number.isInteger(count) || count < 1 || count > 9) throw new Error('CLUSTER_INSTANCES: 1 to 9');

const packages = spawnSync('bash', [path.join(root, 'scripts/ensure-cluster-packages.sh')], { stdio: 'inherit' });
if (packages.status !== 0) process.exit(packages.status ?? 1);

const decision = await decideWebBuild(root);
if (decision.build) {
  console.log(`web app: building, ${decision.reason}`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
} else {
  console.log(`web app: not rebuilding, ${decision.reason}`);
}

const ports: ClusterPorts = {
  nginx: base,
  instances: Array.from({ length: count }, (_, i) => base + 1 + i),
  pgbouncer: base + 10,
  metrics: Array.from({ length: count }, (_, i) => base + 21 + i),
};
await assertPortsFree([ports.nginx, ...ports.instances, ports.pgbouncer, ...(ports.metrics ?? [])]);

const runDir = await mkdtemp(path.join(os.tmpdir(), 'campus-cluster-'));
const cluster = new Cluster({
  root,
  runDir,
  ports,
  databaseUrl: process.env.DATABASE_URL,
  demo: !['off', 'false', '0'].includes(process.env.DEMO ?? 'on'),
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  log: (line) => console.log(line),
});

let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  stopping ??= (async () => {
    console.log('\nstopping the cluster…');
    await cluster.stop().catch((error: Error) => console.error(`stop: ${error.message}`));
    if (process.env.CLUSTER_KEEP === '1') console.log(`run folder kept: ${runDir}`);
    else await rm(runDir, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('exit', () => cluster.killAll());

let deploying = false;
process.on('SIGHUP', () => {
  if (deploying || stopping) return;
  deploying = true;
  console.log('rolling restart…');
  cluster
    .rollingRestart((step) => console.log(`  ${step}`))
    .then(
      () => console.log('rolling restart done'),
      (error: Error) => console.error(`rolling restart failed: ${error.message}`),
    )
    .finally(() => {
      deploying = false;
    });
});

try {
  await cluster.start();
} catch (error) {
  console.error(`error: ${(error as Error).message}\nlogs: ${runDir}`);
  process.env.CLUSTER_KEEP = '1';
  await stop(1);
}
console.log(`
The site: ${cluster.url}  (${count} instances behind nginx, PgBouncer, S3; configs and logs in ${runDir})
Metrics: ${(ports.metrics ?? []).map((p) => `http://127.0.0.1:${p}/metrics`).join(' ')}
Ctrl-C stops everything; kill -HUP ${process.pid} restarts the instances one by one.`);
