/**
 * Cluster throughput, as ratios of one run (docs/scaling.md#measured-on-one-machine):
 *  - the feed through nginx to 3 instances, against 1 instance straight;
 *  - 1 instance whose queries go through PgBouncer (transaction mode, unnamed statements),
 *    against the same app straight on PostgreSQL (unnamed statements too, then named);
 * and the CPU one instance spends per feed request, which is what docs/scaling.md multiplies.
 *
 * On a 2-core machine all of it (nginx, 3 instances, PgBouncer, PostgreSQL, autocannon) shares
 * two cores: the first ratio measures what the extra hop and processes cost, not scaling.
 *
 * Run: npm run bench:cluster. Env: BENCH_POSTS (20000), BENCH_SECONDS (8), BENCH_CONNECTIONS (10).
 * Numbers only: nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeMembers } from '../scripts/cluster/clients.ts';
import { Cluster, freePorts } from '../scripts/cluster/topology.ts';
import { decideWebBuild } from '../scripts/web-build.ts';
import { seedBenchPosts } from './seed.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = path.resolve(import.meta.dirname, '..');

if (spawnSync('bash', [path.join(root, 'scripts/ensure-cluster-packages.sh')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
if (
  (await decideWebBuild(root)).build &&
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0
)
  process.exit(1);

const runDir = await mkdtemp(path.join(os.tmpdir(), 'campus-bench-cluster-'));
const [nginx, pgbouncer, direct, directNamed, ...instances] = await freePorts(7);
const cluster = new Cluster({
  root,
  runDir,
  ports: { nginx: nginx as number, pgbouncer: pgbouncer as number, instances },
  log: (line) => console.log(`  ${line}`),
});
process.on('exit', () => cluster.killAll());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

console.log('Starting the cluster…');
await cluster.start();
// The same app straight on PostgreSQL, outside nginx: unnamed statements (only the pooler
// differs), and named ones (what PgBouncer 1.18 costs us in statement preparation).
const straight = { DATABASE_URL: cluster.directUrl, DATABASE_DIRECT_URL: cluster.directUrl };
const plain = await cluster.startSideInstance(direct as number, { ...straight, DATABASE_PREPARED_STATEMENTS: 'off' });
const named = await cluster.startSideInstance(directNamed as number, {
  ...straight,
  DATABASE_PREPARED_STATEMENTS: 'on',
});

const [viewer] = await makeMembers(cluster.directUrl, cluster.authSecret, 1);
if (!viewer) throw new Error('no member');
console.log(`Seeding ${POSTS.toLocaleString()} posts…`);
const seed = await seedBenchPosts(cluster.directUrl, { posts: POSTS, viewerEmail: viewer.email, log: () => {} });

/** utime + stime of a process, in ms (Linux /proc; 100 ticks a second). */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  cpuPerRequest?: number;
}
async function load(label: string, base: string, pathAndQuery: string, pid?: number): Promise<Run> {
  const cpuBefore = pid ? await cpuMs(pid) : 0;
  const result = await autocannon({
    url: `${base}${pathAndQuery}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie: viewer?.cookie ?? '' },
  });
  const run: Run = {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
  if (pid) run.cpuPerRequest = ((await cpuMs(pid)) - cpuBefore) / Math.max(1, result['2xx']);
  console.log(
    `${label.padEnd(44)} ${run.rps.toFixed(0).padStart(6)} req/s   p50 ${String(run.p50).padStart(4)} ms   p99 ${String(run.p99).padStart(4)} ms` +
      `${run.cpuPerRequest === undefined ? '' : `   ${run.cpuPerRequest.toFixed(2)} ms CPU/request`}   (${run.bad} non-2xx or errors)`,
  );
  return run;
}

const one = cluster.instances[0];
const deep = `/api/posts?cursor=${encodeURIComponent(seed.deepCursor)}`;
console.log(
  `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s each, GET /api/posts as a member (${os.cpus().length} cores)`,
);
const results: Record<string, Run> = {};
for (const [name, p] of [
  ['feed', '/api/posts'],
  ['deep', deep],
] as const) {
  results[`${name}:nginx`] = await load(`${name}: nginx → 3 instances → PgBouncer`, cluster.url, p);
  results[`${name}:one`] = await load(
    `${name}: 1 instance → PgBouncer`,
    `http://127.0.0.1:${one?.port}`,
    p,
    one?.process.pid,
  );
  results[`${name}:plain`] = await load(
    `${name}: 1 instance → PostgreSQL (unnamed)`,
    `http://127.0.0.1:${plain.port}`,
    p,
    plain.process.pid,
  );
  results[`${name}:named`] = await load(
    `${name}: 1 instance → PostgreSQL (named)`,
    `http://127.0.0.1:${named.port}`,
    p,
    named.process.pid,
  );
}

const ratio = (a: string, b: string) => ((results[a]?.rps ?? 0) / (results[b]?.rps ?? 1)).toFixed(2);
console.log('\nRatios (req/s ÷ req/s, same run):');
for (const name of ['feed', 'deep']) {
  console.log(
    `  ${name}: nginx + 3 instances ÷ 1 instance straight          ×${ratio(`${name}:nginx`, `${name}:one`)}`,
  );
  console.log(
    `  ${name}: through PgBouncer ÷ straight (both unnamed)         ×${ratio(`${name}:one`, `${name}:plain`)}`,
  );
  console.log(
    `  ${name}: unnamed ÷ named statements (straight)               ×${ratio(`${name}:plain`, `${name}:named`)}`,
  );
}
console.log(
  `On ${os.cpus().length} cores every process shares the same CPUs: these ratios are overhead, not scaling (docs/scaling.md).`,
);

await cluster.stop();
await rm(runDir, { recursive: true, force: true });
