import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
          // Property tests run a hundred cases each; on a busy 2-core machine that can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        // The repository's own tooling (scripts/): the architecture check among it.
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
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
        // Same '@/…' alias and React JSX transform as apps/web/vite.config.ts: the tests render
        // with what ships (react-dom 19, decision 029).
        plugins: [react()],
        resolve: {
          alias: [{ find: '@', replacement: fileURLToPath(new URL('./apps/web/src', import.meta.url)) }],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts', ...setupFiles],
          // Route tests load lazy chunks through Vite's transform; on a busy 2-core machine
          // the first import can take seconds.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
