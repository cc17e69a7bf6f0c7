import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/types.ts';
import type { DatabaseTarget } from './databases.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './shop.ts';

/** A describe block's database and server, readable from its tests and hooks. */
export interface ServerFixture {
  readonly db: Database;
  readonly server: TestServer;
}

/**
 * Starts the real app over a fresh database on `target` before the enclosing describe block's
 * tests, and closes both after them.
 */
export function serverFixture(
  target: DatabaseTarget,
  options: Omit<TestServerOptions, 'target' | 'db'> = {},
): ServerFixture {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ ...options, target });
  });
  afterAll(async () => {
    await server?.close();
  });
  // Reading before beforeAll ran is a mistake in the test file; say so instead of `undefined`.
  const opened = (): TestServer => {
    if (server === undefined) throw new Error('serverFixture: read inside a test or hook');
    return server;
  };
  return {
    get db() {
      return opened().db;
    },
    get server() {
      return opened();
    },
  };
}
