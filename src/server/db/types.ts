/** One statement's rows and the number of rows it returned or changed. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
}

/** One statement of a batch: SQL with $n placeholders and its bound values. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/** Something SQL can be sent to: the whole database, or one open transaction. */
export interface Queryable {
  /** Runs one statement with bound parameters ($1, $2, ...). Values are never spliced into SQL. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
}

/** The shop's database: PGlite under DATA_DIR, or PostgreSQL through a pg pool when DATABASE_URL is set. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `statements` in order in one transaction, all or nothing, and returns one result per
   * statement. On PostgreSQL this is one round trip with per-connection prepared statements, so
   * statements whose SQL text repeats (values bound) are parsed and planned once per connection.
   * Optional: callers fall back to `transaction` when a Database does not offer it.
   */
  batch?(statements: readonly Statement[]): Promise<QueryResult[]>;
  close(): Promise<void>;
}
