import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` only (docs/decisions/044-cluster-topology.md): the cluster test starts
 * nginx, PgBouncer, PostgreSQL and three instances, so `npm test` never picks it up (its file is
 * a .spec.ts outside every project of vitest.config.ts).
 */
export default defineConfig({
  test: {
    name: 'cluster',
    include: ['scripts/cluster/*.spec.ts'],
    environment: 'node',
    setupFiles: ['vitest.setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
