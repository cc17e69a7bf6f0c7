import { describe, expect, it } from 'vitest';
import { databaseTargets } from '../test-support/index.ts';
import { createLogger } from './logger.ts';

/** A logger writing to an array, and the lines it wrote. */
function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (l) => lines.push(l) } });
  return { logger, lines, entry: () => JSON.parse(lines.at(-1)!) as Record<string, unknown> };
}

/** The error a statement fails with on `db`. */
async function failing(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (err) {
    return err as Error;
  }
  throw new Error('the statement did not fail');
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe.each(databaseTargets())('logged database errors on $name', (target) => {
  it('carry the code and message, never the SQL, the parameters or the row', async () => {
    const db = await target.open({ migrate: false });
    try {
      await db.query('CREATE TABLE people (email text NOT NULL, hash text CHECK (false))');
      const err = await failing(() =>
        db.query('INSERT INTO people (email, hash) VALUES ($1, $2)', ['eve@example.com', HASH]),
      );
      // The raw error does carry them (so the redaction below is what keeps them out).
      expect(JSON.stringify({ ...err, message: err.message })).toContain('eve@example.com');

      const { logger, lines, entry } = capture();
      logger.error({ reqId: 'r1', err }, 'unhandled error');
      expect(lines.join('')).not.toMatch(/eve@example\.com|argon2id|INSERT INTO|aGFzaGhhc2g/);
      expect(entry()).toMatchObject({
        reqId: 'r1',
        msg: 'unhandled error',
        err: { code: '23514', message: expect.stringContaining('violates check constraint') },
      });
    } finally {
      await db.close();
    }
  });

  it('lose the value a data exception quotes in its message', async () => {
    const db = await target.open({ migrate: false });
    try {
      const err = await failing(() => db.query('SELECT $1::int', ['refresh-token-abc']));
      expect(err.message).toContain('refresh-token-abc');
      const { logger, lines, entry } = capture();
      logger.error({ err }, 'unhandled error');
      expect(lines.join('')).not.toContain('refresh-token-abc');
      expect(entry()).toMatchObject({
        err: { code: '22P02', message: 'invalid input syntax for type integer: [redacted]' },
      });
    } finally {
      await db.close();
    }
  });
});

describe('the logger', () => {
  const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';

  it('replaces tokens, API keys, passwords and Authorization headers wherever they are', () => {
    const { logger, lines, entry } = capture();
    const cause = Object.assign(new Error(`refused Bearer ${jwt}`), { apikey: 'sb_publishable_x' });
    logger.warn(
      {
        headers: { Authorization: `Bearer ${jwt}`, apikey: 'sb_publishable_abc', accept: '*/*' },
        body: { email: 'a@b.c', password: 'hunter22', refresh_token: 'r-123' },
        err: new Error('outer', { cause }),
        note: `token ${jwt} for sk_test_123`,
      },
      `request with ${jwt}`,
    );
    const line = lines.join('');
    expect(line).not.toMatch(/eyJhbGci|sb_publishable_|hunter22|r-123|sk_test_123/);
    expect(entry()).toMatchObject({
      headers: { Authorization: '[redacted]', apikey: '[redacted]', accept: '*/*' },
      body: { email: 'a@b.c', password: '[redacted]', refresh_token: '[redacted]' },
      err: { message: expect.stringContaining('outer') },
      msg: 'request with [redacted]',
    });
  });
});
