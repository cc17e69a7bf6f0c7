/** Something SQL can be sent to: the whole database, or one open transaction. */
export interface Queryable {
  /** Runs one statement with bound parameters ($1, $2, ...). Values are never spliced into SQL. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<{ rows: T[]; rowCount: number }>;
}

/** The shop's database: PGlite under DATA_DIR, or PostgreSQL through a pg pool when DATABASE_URL is set. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
