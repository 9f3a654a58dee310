/**
 * Lighthouse (mobile, the default simulated Moto G Power on slow 4G) on /home, /post/{id},
 * /{username} and /search?q=desk for a signed-in member (issues 13, 22): the built web app served by the server in production mode with
 * the demo content, driven by the machine's Chromium. Prints performance, LCP, CLS (and FCP,
 * TBT, time to interactive, the JavaScript transferred) per page. Targets: performance ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.02.
 *
 * Run: npm run build && npm run bench:lighthouse
 * Env: LH_WEB_DIST (default apps/web/dist), LH_DATABASE_URL (default
 *      postgres://postgres@127.0.0.1:5432/bench_lighthouse, created when missing), LH_PORT (3271;
 *      Chromium picks a free debugging port), CHROMIUM_PATH (/usr/bin/chromium), LH_RUNS (1),
 *      LH_DATA_DIR (the server's files; default a folder per database under the temp dir),
 *      LH_PAGES (labels, comma-separated: "/home,/post/{id}"; default all four).
 * Numbers only: nothing here passes or fails. Reports: the folder printed at the end.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.LH_PORT ?? 3271);
const DB_URL = process.env.LH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_lighthouse';
const WEB_DIST = path.resolve(process.env.LH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 1);
/** LH_PAGES: a comma-separated choice of the pages' labels (e.g. "/home"); all four by default. */
const ONLY_PAGES = process.env.LH_PAGES?.split(',');
/**
 * 'simulate' (Lighthouse's default: one unthrottled load, slow 4G and a 4× slower CPU estimated
 * from it) or 'devtools' (the load itself throttled). See docs/perf/README.md 'Lighthouse'.
 */
const THROTTLING = process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
// localhost: the server serves it as OU, and Chromium treats it as a secure origin.
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

// The server's files (demo photos) must outlive a run as long as the database that names them.
const serverDataDir =
  process.env.LH_DATA_DIR ?? path.join(os.tmpdir(), `campus-lighthouse-${new URL(DB_URL).pathname.slice(1)}`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-lighthouse-'));
const children: ReturnType<typeof spawn>[] = [];
function start(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (process.env.LH_VERBOSE) process.stderr.write(chunk);
  });
  children.push(child);
  return child;
}
async function waitFor(url: string, child: ReturnType<typeof spawn>) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// A server left on the port (e.g. by a run that crashed) would answer instead of this one.
if (
  await fetch(`${origin}/api/health`).then(
    () => true,
    () => false,
  )
)
  throw new Error(`${origin} already answers: stop the process on port ${PORT} or set LH_PORT`);
if (!existsSync(CHROMIUM))
  throw new Error(`no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH`);

try {
  const server = start(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    NODE_ENV: 'production',
    DEMO: 'on',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATABASE_URL: DB_URL,
    DATA_DIR: serverDataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: 'lighthouse-secret-that-is-at-least-32-characters',
    WEB_DIST,
  });
  await waitFor(`${origin}/api/health`, server);

  // A signed-in member (a demo account) and a post with a photo from the feed.
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'avery@ou.edu', password: 'buysell123' }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const feed = (await (await fetch(`${origin}/api/posts`, { headers: { cookie } })).json()) as {
    posts: { id: string; media: unknown[] }[];
  };
  const post = feed.posts.find((p) => p.media.length > 0) ?? feed.posts[0];
  if (!post) throw new Error('the demo feed is empty');

  const chromium = start(CHROMIUM, [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--remote-debugging-port=0',
    `--user-data-dir=${path.join(dataDir, 'chromium')}`,
    'about:blank',
  ]);
  // With port 0 Chromium writes the port it chose into DevToolsActivePort.
  let DEBUG_PORT = 0;
  while (!DEBUG_PORT) {
    if (chromium.exitCode !== null) throw new Error(`chromium exited with ${chromium.exitCode}`);
    const written = await readFile(path.join(dataDir, 'chromium', 'DevToolsActivePort'), 'utf8').catch(() => '');
    DEBUG_PORT = Number(written.split('\n')[0]) || 0;
    if (!DEBUG_PORT) await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const reportDir = path.join(dataDir, 'reports');
  await mkdir(reportDir, { recursive: true });
  const pages = [
    { label: '/home', url: `${origin}/home` },
    { label: '/post/{id}', url: `${origin}/post/${post.id}` },
    { label: '/{username}', url: `${origin}/averycarter` },
    { label: '/search?q=desk', url: `${origin}/search?q=desk` },
  ].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.label));
  console.log(
    `Lighthouse ${RUNS > 1 ? `(each column's median of ${RUNS}) ` : ''}mobile, ${THROTTLING} throttling, signed in as avery@ou.edu, ${WEB_DIST}`,
  );
  console.log('| Page | Performance | LCP | CLS | FCP | TBT | TTI | JS transferred |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const page of pages) {
    const results: { score: number; lcp: number; cls: number; fcp: number; tbt: number; tti: number; js: number }[] =
      [];
    for (let run = 0; run < RUNS; run++) {
      // A trace that failed to record (NO_NAVSTART on a busy machine) is taken again, twice at most.
      let lhr: Awaited<ReturnType<typeof lighthouse>> extends infer R
        ? R extends { lhr: infer L }
          ? L
          : never
        : never;
      for (let attempt = 0; ; attempt++) {
        const result = await lighthouse(page.url, {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: { Cookie: cookie },
          throttlingMethod: THROTTLING,
        });
        if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 2) throw new Error(`${page.url}: ${lhr.runtimeError.message}`);
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scripts =
        (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] })
          ?.items ?? [];
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        fcp: audit('first-contentful-paint'),
        tbt: audit('total-blocking-time'),
        // When the page answers input: the cost of loading a drawn page's code after its paint (decision 027).
        tti: audit('interactive'),
        js: scripts.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
      });
      await writeFile(path.join(reportDir, `${page.label.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(lhr));
    }
    // Each column's own median over the runs (the issue's targets are each a median of 5), not
    // the columns of the one run with the median score.
    const median = (key: keyof (typeof results)[number]) =>
      results.map((result) => result[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)] as number;
    const r = Object.fromEntries(
      (['score', 'lcp', 'cls', 'fcp', 'tbt', 'tti', 'js'] as const).map((key) => [key, median(key)]),
    ) as (typeof results)[number];
    console.log(
      `| \`${page.label}\` | ${r.score} | ${(r.lcp / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${(r.fcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${(r.tti / 1000).toFixed(2)} s | ${(r.js / 1024).toFixed(0)} KB |`,
    );
  }
  console.log(`\nreports: ${reportDir}`);
} finally {
  for (const child of children.reverse()) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}
