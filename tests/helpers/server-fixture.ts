import { afterAll, beforeAll } from 'vitest';
import type { DatabaseTarget, TestDatabase } from './databases.ts';
import { startTestServer, type TestServer } from './server.ts';

/** A describe block's database and server, readable from its tests and hooks. */
export interface ServerFixture {
  readonly db: TestDatabase;
  readonly server: TestServer;
}

/**
 * Opens a fresh database on `target` and the real app over it before the enclosing describe
 * block's tests, and closes both after them (server first, then the database).
 */
export function serverFixture(target: DatabaseTarget): ServerFixture {
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    db = await target.open();
    server = await startTestServer(db);
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });
  // Reading before beforeAll ran is a mistake in the test file; say so instead of `undefined`.
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serverFixture: read inside a test or hook');
    return value;
  };
  return {
    get db() {
      return opened(db);
    },
    get server() {
      return opened(server);
    },
  };
}
