import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { NODE_TESTS, PROCESS_TESTS, WEB_TESTS } from './tests/tiers.ts';

// The fast tier, `npm test`: unit, component and in-process server tests, on PGlite. The
// PostgreSQL tier (vitest.pg.config.ts) and the process tier (vitest.process.config.ts) are
// separate runs; docs/decisions/0041-test-strategy.md says which test goes where.
process.env.KEEBSHOP_TEST_ENGINES = 'pglite';

export default defineConfig({
  plugins: [react()],
  test: {
    // Two files at a time even on two cores: much of a server test's time is waiting (for its
    // shop host, a mail, a webhook), and the run takes about half as long as with one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The migrated PGlite image is built once, before any file starts; the web tests' shop hosts
    // are started once per worker.
    globalSetup: ['tests/setup/databases.global.ts', 'tests/setup/shop-hosts.global.ts'],
    exclude: ['**/node_modules/**', ...PROCESS_TESTS],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: WEB_TESTS,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
