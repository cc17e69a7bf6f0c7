import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { POSTGRES_TESTS } from './tests/tiers.ts';

// The PostgreSQL tier, `npm run test:pg`: the suites whose result can depend on the engine
// (tests/tiers.ts), on the PostgreSQL server of DATABASE_URL. Each test database is a copy of a
// migrated template made once per run (src/server/test-support/database-images.ts).
process.env.KEEBSHOP_TEST_ENGINES = 'postgres';

export default defineConfig({
  test: {
    name: 'postgres',
    // Two files at a time even on two cores: PostgreSQL does much of the work, in processes of its own.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    environment: 'node',
    include: POSTGRES_TESTS,
    globalSetup: ['tests/setup/databases.global.ts'],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
