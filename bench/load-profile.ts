/**
 * Where a landing page's load spends the main thread (Lighthouse's total blocking time, docs/perf/README.md): the built web app
 * served by the server in production mode with the demo content (as bench/lighthouse.ts does), one
 * signed-in load per page in the machine's Chromium with the CPU slowed 4× (Lighthouse's mobile
 * factor), a Performance trace and a CPU profile of it. Prints every main-thread task over
 * PROFILE_MIN_TASK ms (default 50) with what ran in it: the trace's own events (script, style,
 * layout, parse) and the functions that took the time (inclusive and self), then the console's
 * errors and React's recoverable errors (a hydration mismatch makes React draw a part again).
 *
 * The function names are readable with a build that is not minified, e.g.
 *   npx vite build --minify false  (apps/web; the entry budget needs the minified one)
 * Run: node --import tsx bench/load-profile.ts
 * Env: PROFILE_WEB_DIST (default apps/web/dist), PROFILE_DATABASE_URL (default
 *      postgres://postgres@127.0.0.1:5432/bench_lighthouse), PROFILE_PORT (3272), CHROMIUM_PATH,
 *      PROFILE_PAGES (labels as in bench/lighthouse.ts: "/home,/post/{id}"), PROFILE_CPU (4),
 *      PROFILE_MIN_TASK (50), PROFILE_OUT (a folder for the trace and profile JSON, for DevTools).
 * Numbers only: nothing here passes or fails.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.PROFILE_PORT ?? 3272);
const DB_URL = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_lighthouse';
const WEB_DIST = path.resolve(process.env.PROFILE_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU = Number(process.env.PROFILE_CPU ?? 4);
const MIN_TASK_MS = Number(process.env.PROFILE_MIN_TASK ?? 50);
const ONLY_PAGES = process.env.PROFILE_PAGES?.split(',');
const origin = `http://localhost:${PORT}`;

{
  const dbName = new URL(DB_URL).pathname.slice(1);
  const admin = new URL(DB_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${dbName.replaceAll('"', '')}"`);
  await client.end();
}

const serverDataDir = path.join(os.tmpdir(), `campus-lighthouse-${new URL(DB_URL).pathname.slice(1)}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DEMO: 'on',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: DB_URL,
    DATA_DIR: serverDataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'lighthouse-secret-that-is-at-least-32-characters',
    WEB_DIST,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'avery@ou.edu', password: 'buysell123' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  const feed = (await (await fetch(`${origin}/api/posts`, { headers: { cookie } })).json()) as {
    posts: { id: string; media: unknown[] }[];
  };
  const post = feed.posts.find((p) => p.media.length > 0) ?? feed.posts[0];
  const pages = [
    { label: '/home', url: `${origin}/home` },
    { label: '/post/{id}', url: `${origin}/post/${post?.id}` },
    { label: '/{username}', url: `${origin}/averycarter` },
    { label: '/search?q=desk', url: `${origin}/search?q=desk` },
  ].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.label));
  const outDir = process.env.PROFILE_OUT ?? (await mkdtemp(path.join(os.tmpdir(), 'campus-load-profile-')));
  await mkdir(outDir, { recursive: true });
  console.log(`CPU ${CPU}× slower, ${WEB_DIST}; times are throttled ms from navigation start`);

  for (const page of pages) {
    // Lighthouse's mobile screen (Moto G Power).
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      // As Lighthouse signs in (bench/lighthouse.ts): the header on every request.
      extraHTTPHeaders: { Cookie: cookie },
    });
    const tab = await context.newPage();
    const messages: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text().slice(0, 400)}`);
    });
    tab.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    // The origin's renderer first: a cross-site navigation from about:blank would start a new
    // process after the profiler had started in the old one.
    await tab.goto(`${origin}/api/health`);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(tab, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    await cdp.send('Profiler.start');
    await tab.goto(page.url, { waitUntil: 'load' });
    // Polled twice a second: Playwright's default (every frame) would fill the main thread.
    await tab.waitForFunction(() => 'live' in document.documentElement.dataset, undefined, { polling: 500 });
    // The effects and idle work after the page went live, as Lighthouse waits for a quiet main thread.
    await tab.waitForTimeout(4000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const slug = page.label.replace(/\W+/g, '_');
    await writeFile(path.join(outDir, `${slug}.trace.json`), JSON.stringify(trace));
    await writeFile(path.join(outDir, `${slug}.cpuprofile`), JSON.stringify(profile));
    console.log(`\n## ${page.label}\n`);
    report(trace.traceEvents, profile);
    console.log(`\nDOM elements: ${await tab.evaluate(() => document.getElementsByTagName('*').length)}`);
    if (messages.length) console.log(`console:\n  ${messages.join('\n  ')}`);
    await context.close();
  }
  console.log(`\ntraces and profiles: ${outDir}`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { name?: string; data?: { url?: string; documentLoaderURL?: string } };
}
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    parent?: number;
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function report(events: TraceEvent[], profile: CpuProfile) {
  // The page's main thread: the renderer thread that ran the navigation's document.
  const threadNames = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const mains = threadNames.filter((e) => e.args?.name === 'CrRendererMain');
  const taskTime = (pid: number, tid: number) =>
    events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => taskTime(b.pid, b.tid) - taskTime(a.pid, a.tid))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const navStart =
    onMain.filter((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL).at(-1)?.ts ?? 0;
  // By the thread's own CPU time (`tdur`), not the wall clock: on a shared machine a task's wall
  // time includes the time other processes held the core.
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const runTasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= navStart);
  const tasks = runTasks.filter((e) => cpu(e) >= MIN_TASK_MS);

  // Each sample's time and stack (leaf first), to attribute to tasks.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const frameName = (id: number) => {
    const f = (byId.get(id) as CpuProfile['nodes'][number]).callFrame;
    const file = f.url
      ? f.url
          .split('/')
          .pop()
          ?.replace(/-[\w-]{8}\.js$/, '.js')
      : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
  };
  let t = profile.startTime;
  const samples = profile.samples.map((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    return { ts: t, id };
  });

  console.log(`tasks of ≥ ${MIN_TASK_MS} ms CPU: ${tasks.length}`);
  for (const task of tasks) {
    const start = task.ts;
    const end = task.ts + (task.dur ?? 0);
    // The trace's events inside the task, by name (self time is not computed: nested events overlap).
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= start && e.ts < end && e !== task);
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    const scripts = inside
      .filter(
        (e) =>
          e.name === 'EvaluateScript' ||
          e.name === 'FunctionCall' ||
          e.name === 'TimerFire' ||
          e.name === 'EventDispatch',
      )
      .slice(0, 4)
      .map(
        (e) => `${e.name} ${(e.args?.data?.url ?? '').split('/').pop() ?? ''} ${((e.dur ?? 0) / 1000).toFixed(0)}ms`,
      );
    const top = [...byName]
      .filter(([name]) =>
        [
          'FunctionCall',
          'EvaluateScript',
          'v8.compile',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'PrePaint',
          'MajorGC',
          'MinorGC',
          'ParseAuthorStyleSheet',
          'TimerFire',
          'EventDispatch',
          'RunMicrotasks',
          'v8.run',
          'HitTest',
          'Layerize',
        ].includes(name),
      )
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
      .join(', ');
    console.log(
      `\n### task at ${((start - navStart) / 1000).toFixed(0)} ms, CPU ${cpu(task).toFixed(0)} ms (wall ${((task.dur ?? 0) / 1000).toFixed(0)} ms)\n  trace: ${top}\n  first: ${scripts.join('; ')}`,
    );
    const own = samples.filter((s) => s.ts >= start && s.ts < end);
    if (!own.length) continue;
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < own.length; i++) {
      const s = own[i] as (typeof own)[number];
      const dt = ((own[i + 1]?.ts ?? end) - s.ts) / 1000;
      self.set(frameName(s.id), (self.get(frameName(s.id)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = s.id; id !== undefined; id = parentOf.get(id)) {
        const name = frameName(id);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      }
    }
    const list = (m: Map<string, number>, n: number) =>
      [...m]
        .filter(([name]) => name !== '(root)')
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)}  ${name}`)
        .join('\n');
    console.log(`  inclusive:\n${list(inclusive, Number(process.env.PROFILE_TOP ?? 30))}\n  self:\n${list(self, 15)}`);
  }
  // Lighthouse's simulation (throttlingMethod 'simulate') multiplies each task it observed by its
  // CPU slowdown (4) and counts what is over 50 ms as blocking; from an unthrottled load
  // (PROFILE_CPU=1) this is that estimate, by CPU time, to the end of the recording.
  const slowdown = CPU === 1 ? 4 : 1;
  const blocking = runTasks.reduce((sum, e) => sum + Math.max(0, cpu(e) * slowdown - 50), 0);
  const total = runTasks.reduce((sum, e) => sum + cpu(e), 0);
  const over = (ms: number) => runTasks.filter((e) => cpu(e) * slowdown > ms).length;
  console.log(
    `\nmain thread: ${total.toFixed(0)} ms CPU in ${runTasks.length} tasks; ${over(50)} over 50 ms at ${CPU * slowdown}×, blocking Σ(${slowdown}×CPU − 50) = ${blocking.toFixed(0)} ms`,
  );
}
