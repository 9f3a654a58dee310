import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/build/preact-alias.ts';

// One runner, three projects: the Playwright specs in e2e/ are never picked up here.
// Each project fails a test that calls console.error (vitest.setup.ts).
const setupFiles = ['vitest.setup.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Same '@/…' alias, Preact renderer (decision 023) and automatic JSX runtime as
        // apps/web/vite.config.ts: the tests render with what ships.
        resolve: {
          // ES builds, as Node resolves them (not 'browser': preact's browser files would be a second
          // copy next to the ones Node loads for react-router and the others).
          conditions: ['module', 'development|production'],
          mainFields: ['module', 'main'],
          alias: [
            { find: '@', replacement: fileURLToPath(new URL('./apps/web/src', import.meta.url)) },
            ...preactAliases,
            // Its package 'main' is CommonJS, whose require('react-dom') Node would resolve to
            // the real react-dom; the ES build's imports go through the aliases above.
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
              ),
            },
          ],
        },
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Packages in node_modules are loaded by Node, which does not see the aliases above: a
          // module hook gives them preact/compat too (one renderer, one Preact instance).
          setupFiles: ['apps/web/build/preact-test-setup.ts', 'apps/web/src/testing/setup.ts', ...setupFiles],
          // Radix through Vite as well: it imports react-remove-scroll, whose CommonJS build Node
          // would load with require(), which Node 20's module hooks do not see.
          server: { deps: { inline: [/\/node_modules\/@radix-ui\//] } },
          // Route tests load lazy chunks through Vite's transform; on a busy 2-core machine
          // the first import can take seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
