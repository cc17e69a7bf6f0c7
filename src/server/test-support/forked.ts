// The web component tests' side of forked-child.ts: forks the real server and wraps its IPC channel.
import { fork } from 'node:child_process';
import path from 'node:path';
import type { ServerMessage, ServerRequest } from './forked-child.ts';

export interface ForkedShopServer {
  /** The server's origin on 127.0.0.1: the page's supabaseUrl. */
  url: string;
  anonKey: string;
  /** Runs SQL as the database owner (seeding what only the server may write, such as orders). */
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ForkOptions {
  /** Server settings over the test defaults, e.g. { AUTH_CONFIRM_EMAIL: 'true' }. */
  env?: Record<string, string>;
}

/** Starts the production app over a fresh PGlite database in a child process. */
export async function forkShopServer(options: ForkOptions = {}): Promise<ForkedShopServer> {
  const child = fork(path.resolve(import.meta.dirname, 'forked-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      KEEBSHOP_FORKED_ENV: JSON.stringify(options.env ?? {}),
    },
  });
  let next = 0;
  const pending = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }
  >();
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`test server exited (${code})`)));
    child.on('message', (message: ServerMessage) => {
      if ('op' in message) return resolve(message);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.rows);
      else waiting?.reject(new Error(message.error));
    });
  });
  const { url, anonKey } = await ready;
  return {
    url,
    anonKey,
    query: <T>(sql: string, params: unknown[] = []) =>
      new Promise<T[]>((resolve, reject) => {
        next += 1;
        pending.set(next, { resolve: resolve as (rows: unknown[]) => void, reject });
        child.send({ id: next, op: 'query', sql, params } satisfies ServerRequest);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}
