// Security: when the database fails under a request, the error log says which request and which
// SQLSTATE, but never the statement, its bound parameters (emails, password hashes) or the row
// PostgreSQL quotes back (tokens and keys: src/server/http/log-redact.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseTargets, serverFixture } from '../../src/server/test-support/index.ts';

describe.each(databaseTargets())('what the logs keep on $name', (target) => {
  const fx = serverFixture(target);
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // The failure below is logged at error level, which also reaches console.error.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('a sign-up failing in the database logs no email, hash or SQL', async () => {
    await fx.db.query('ALTER TABLE auth.users ADD CONSTRAINT broken CHECK (false) NOT VALID');
    try {
      const email = 'victim-4711@example.com';
      const { error } = await fx.server
        .authClient()
        .signUp({ email, password: 'secret-password-4711' });
      expect(error?.status).toBe(500);
    } finally {
      await fx.db.query('ALTER TABLE auth.users DROP CONSTRAINT broken');
    }
    const failure = fx.server.logs.find((l) => l.msg === 'unhandled error');
    expect(failure).toMatchObject({
      method: 'POST',
      path: '/auth/v1/signup',
      err: { code: '23514', message: expect.stringContaining('"broken"') },
    });
    const written = JSON.stringify(fx.server.logs) + JSON.stringify(consoleError.mock.calls);
    expect(written).not.toMatch(/victim-4711|argon2|secret-password|INSERT INTO|VALUES/);
  });
});
