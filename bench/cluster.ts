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
 * Run: npm run bench:cluster. Env: BENCH_POSTS (30000, the least bench/seed.ts takes), BENCH_SECONDS (6), BENCH_CONNECTIONS (10).
 * Numbers only: nothing here passes or fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeMembers } from '../scripts/cluster/clients.ts';
import { Cluster, freePorts } from '../scripts/cluster/topology.ts';
import { decideWebBuild } from '../scripts/web-build.ts';
import { seedBenchPosts } from './seed.ts';

// bench/seed.ts saves posts up to the 30,000th.
const POSTS = Math.max(30_000, Number(process.env.BENCH_POSTS ?? 30_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
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

/**
 * CPU time (user + system, ms) of processes and their children, living and reaped (Linux /proc,
 * 100 ticks a second): PostgreSQL's backends and nginx's workers are children of their master.
 */
async function cpuMs(pids: (number | undefined)[]): Promise<number> {
  const wanted = new Set(pids.filter((p): p is number => p !== undefined));
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const self = wanted.has(Number(entry));
    if (!self && !wanted.has(Number(fields[1]))) continue;
    // utime, stime; for the masters themselves also their reaped children's.
    ticks += Number(fields[11]) + Number(fields[12]);
    if (self) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks * 10;
}

interface Run {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** ms of CPU per answered request: the app instances, and everything measured. */
  appCpu: number;
  allCpu: number;
}
const ROUNDS = 2;
/** Each target gets a short warm-up, then ROUNDS measured runs (interleaved by the caller). */
async function load(base: string, pathAndQuery: string, app: (number | undefined)[], seconds: number) {
  const others = [cluster.pids.nginx, cluster.pids.pgbouncer, cluster.pids.postgres];
  const [appBefore, allBefore] = [await cpuMs(app), await cpuMs([...app, ...others])];
  const result = await autocannon({
    url: `${base}${pathAndQuery}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie: viewer?.cookie ?? '' },
  });
  const answered = Math.max(1, result['2xx']);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
    appCpu: ((await cpuMs(app)) - appBefore) / answered,
    allCpu: ((await cpuMs([...app, ...others])) - allBefore) / answered,
  };
}

const one = cluster.instances[0];
const deep = `/api/posts?cursor=${encodeURIComponent(seed.deepCursor)}`;
const everyInstance = cluster.instances.map((i) => i.process.pid);
const targets = [
  { key: 'nginx', label: 'nginx → 3 instances → PgBouncer', base: cluster.url, app: everyInstance },
  { key: 'one', label: '1 instance → PgBouncer', base: `http://127.0.0.1:${one?.port}`, app: [one?.process.pid] },
  {
    key: 'plain',
    label: '1 instance → PostgreSQL (unnamed)',
    base: `http://127.0.0.1:${plain.port}`,
    app: [plain.process.pid],
  },
  {
    key: 'named',
    label: '1 instance → PostgreSQL (named)',
    base: `http://127.0.0.1:${named.port}`,
    app: [named.process.pid],
  },
];
console.log(
  `\nautocannon: ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per target after a 2 s warm-up, ` +
    `GET /api/posts as a member; ${os.cpus().length} cores`,
);
const results: Record<string, Run> = {};
for (const [name, p] of [
  ['feed', '/api/posts'],
  ['deep', deep],
] as const) {
  for (const t of targets) await load(t.base, p, t.app, 2);
  const runs = new Map<string, Awaited<ReturnType<typeof load>>[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const t of targets) runs.set(t.key, [...(runs.get(t.key) ?? []), await load(t.base, p, t.app, SECONDS)]);
  }
  for (const t of targets) {
    const all = runs.get(t.key) ?? [];
    const mean = (f: (r: (typeof all)[number]) => number) => all.reduce((n, r) => n + f(r), 0) / all.length;
    const run: Run = {
      label: `${name}: ${t.label}`,
      rps: mean((r) => r.rps),
      p50: mean((r) => r.p50),
      p99: mean((r) => r.p99),
      bad: all.reduce((n, r) => n + r.bad, 0),
      appCpu: mean((r) => r.appCpu),
      allCpu: mean((r) => r.allCpu),
    };
    results[`${name}:${t.key}`] = run;
    console.log(
      `${run.label.padEnd(44)} ${run.rps.toFixed(0).padStart(6)} req/s   p50 ${run.p50.toFixed(0).padStart(3)} ms   p99 ${run.p99.toFixed(0).padStart(4)} ms` +
        `   CPU/request: app ${run.appCpu.toFixed(2)} ms, all ${run.allCpu.toFixed(2)} ms   (${run.bad} non-2xx or errors)`,
    );
  }
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
