import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
import { e2ePorts, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from './e2e/support/oidc-client.ts';

const isCI = process.env.CI === 'true' || process.env.CI === '1';

/**
 * The servers of this run listen on ports nothing else holds, so a run never talks to a
 * server it did not start (an older build, another checkout, `npm start`): by default 3100 and
 * 3199, or two free ports when either is taken. An explicit E2E_PORT is used as given, and if
 * something already listens there the run stops with Playwright's "already used" error.
 * Reusing a running server is an explicit opt-in (E2E_REUSE=1, never in CI).
 * The choice goes into the environment, so the test workers and fixtures see the same ports.
 */
function choosePorts(): void {
  if (process.env.E2E_PORT) return;
  const script = `
    const net = require('node:net');
    const probe = (port) => new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(0)).listen(port, '127.0.0.1', () => {
        const p = s.address().port; s.close(() => resolve(p));
      });
    });
    (async () => {
      let app = await probe(3100), oidc = await probe(3199);
      if (!app || !oidc) { app = await probe(0); oidc = await probe(0); }
      process.stdout.write(app + ' ' + oidc);
    })();`;
  const [app, oidc] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ');
  if (app !== '3100') console.log(`e2e: port 3100 or 3199 is taken; this run uses ${app} and ${oidc}`);
  process.env.E2E_PORT = app;
  process.env.E2E_OIDC_PORT = oidc;
}
choosePorts();
const reuse = !isCI && process.env.E2E_REUSE === '1';

const { app: PORT, oidc: OIDC_PORT } = e2ePorts();
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * production build served by the real server on a fresh data directory.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: isCI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: isCI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The site's service worker (decision 041) would answer requests before page.route sees them;
    // journeys that are about it allow it (e2e/push.spec.ts).
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      // Tests tagged @desktop are about the desktop layout (e.g. the side navigation's menus).
      grepInvert: /@desktop/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: [
    {
      // A local OpenID provider standing in for Google (e2e/support/oidc-server.ts).
      command: 'node --import tsx e2e/support/oidc-server.ts',
      env: { E2E_PORT: String(PORT), E2E_OIDC_PORT: String(OIDC_PORT) },
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: reuse,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data folder per run (per port, so parallel runs on other ports don't collide);
      // development mode like `npm start`: demo accounts, dev mailbox, mail sender running.
      command: `rm -rf .data-e2e-${PORT} && node --import tsx apps/server/src/server.ts`,
      env: {
        PORT: String(PORT),
        DATA_DIR: `.data-e2e-${PORT}`,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
        GOOGLE_DISCOVERY_URL: `${OIDC_ISSUER}/.well-known/openid-configuration`,
        // Tests that sign in many times act as separate visitors (an X-Forwarded-For of their
        // own, see e2e/auth.spec.ts) so the per-visitor auth rate limits apply as in real use.
        TRUST_PROXY: 'on',
        // Two browsers, the server and PostgreSQL share two cores here: a request may wait
        // longer than production's 500 ms for a connection without the database being down.
        DATABASE_CONNECT_TIMEOUT_MS: '3000',
        // A build of its own (vite build --outDir …) keeps a run safe from rebuilds of apps/web/dist.
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      },
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: reuse,
      // SIGTERM lets the server stop its embedded PostgreSQL cleanly (no orphaned postmaster).
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
