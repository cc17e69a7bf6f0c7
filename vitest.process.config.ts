import { defineConfig } from 'vitest/config';
import { PROCESS_TESTS } from './tests/tiers.ts';

// The process tier, `npm run test:process`: suites that start the server or a command as a child
// process and stop, kill or starve it (tests/tiers.ts). On PGlite, and on PostgreSQL too when
// DATABASE_URL is set. One file at a time: each starts processes that use both cores.
process.env.KEEBSHOP_TEST_ENGINES = process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite';

export default defineConfig({
  test: {
    name: 'process',
    environment: 'node',
    include: PROCESS_TESTS,
    globalSetup: ['tests/setup/databases.global.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
