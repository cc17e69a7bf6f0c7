import type { Database, Queryable } from './types.ts';

/** A Queryable that can also run a script of several statements (migrations only; no parameters). */
export interface Executor extends Queryable {
  exec(sql: string): Promise<void>;
}

/** The database as this service opens it: the shared Database contract plus script execution. */
export interface SqlDatabase extends Database, Executor {
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
}
