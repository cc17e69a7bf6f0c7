// The real shop server for the web component tests, in a child process (see forked.ts): jsdom
// cannot host the server's modules (they read files through import.meta.url), so the tests fork
// this file and reach the app over a loopback port. The IPC channel only lets a test run SQL as
// the database owner (to record orders, which browsers cannot insert); it is test code, never the
// product.
import { databaseTargets } from './databases.ts';
import { startTestServer } from './shop.ts';

export type ServerRequest = { id: number; op: 'query'; sql: string; params: unknown[] };

export type ServerMessage =
  | { op: 'ready'; url: string; anonKey: string }
  | { id: number; ok: true; rows: unknown[] }
  | { id: number; ok: false; error: string };

const target = databaseTargets().find((t) => t.name === 'pglite');
if (!target || !process.send) throw new Error('run me with fork(): I need an IPC channel');
const send = process.send.bind(process);

const env = JSON.parse(process.env.KEEBSHOP_FORKED_ENV || '{}') as Record<string, string>;
const server = await startTestServer({ target, listen: true, env });
const db = server.db;

process.on('message', (request: ServerRequest) => {
  db.query(request.sql, request.params).then(
    (result) => send({ id: request.id, ok: true, rows: result.rows } satisfies ServerMessage),
    (error: unknown) =>
      send({ id: request.id, ok: false, error: String(error) } satisfies ServerMessage),
  );
});

// The parent going away (test file done, or killed) ends this process too.
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});

send({ op: 'ready', url: server.url, anonKey: server.anonKey } satisfies ServerMessage);
