import pg from 'pg';
import type { QueryResult, Statement } from './types.ts';

/** Named prepared statements kept per connection; the least recently used is closed beyond it. */
export const STATEMENTS_PER_CONNECTION = 100;

/** A connection's prepared statements by SQL text, least recently used first. */
class StatementCache {
  private readonly names = new Map<string, string>();
  private seq = 0;

  /** The statement's name when this connection has parsed it (and marks it recently used). */
  use(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) {
      this.names.delete(text);
      this.names.set(text, name);
    }
    return name;
  }

  newName(): string {
    this.seq += 1;
    return `keebshop_${this.seq}`;
  }

  /** Records a statement the server confirmed parsing. */
  add(text: string, name: string): void {
    this.names.set(text, name);
  }

  /** Forgets the least recently used statements beyond the bound; returns their names to close. */
  evict(incoming: number): string[] {
    const closed: string[] = [];
    for (const [text, name] of this.names) {
      if (this.names.size + incoming <= STATEMENTS_PER_CONNECTION) break;
      this.names.delete(text);
      closed.push(name);
    }
    return closed;
  }
}

const caches = new WeakMap<pg.ClientBase, StatementCache>();

// What pg itself sends for the values this service binds; arrays and other objects go as JSON.
function wireValue(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

interface PgConnection {
  parse(m: { name: string; text: string; types: number[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
  on(event: 'parseComplete', fn: () => void): void;
  removeListener(event: 'parseComplete', fn: () => void): void;
  stream: { cork?: () => void; uncork?: () => void };
}

type PgResult = { rows: unknown[]; rowCount: number | null };
type Callback = (err: Error | null, result: PgResult | PgResult[]) => void;

// pg's Query as it really is (its published types omit the handlers a submittable implements).
interface QueryInternals {
  submit(connection: PgConnection): Error | null;
  handleError(err: Error, connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
}
const QueryBase = pg.Query as unknown as new (config: {
  text: string;
  callback: Callback;
}) => QueryInternals;

/**
 * Several statements written at once, each Parse (only the first time on this connection) / Bind
 * / Describe / Execute, then ONE Sync: one round trip, and the statements run in one implicit
 * transaction that the Sync commits, or that an error rolls back whole (the server skips the
 * rest). pg's Query keeps the result handling (rows, type parsers, one result per statement).
 */
class BatchQuery extends QueryBase {
  private readonly pending: Array<{ text: string; name: string }> = [];
  private connection: PgConnection | undefined;
  private readonly onParsed = () => {
    const parsed = this.pending.shift();
    if (parsed) this.cache.add(parsed.text, parsed.name);
  };

  constructor(
    private readonly statements: readonly Statement[],
    private readonly cache: StatementCache,
    callback: Callback,
  ) {
    super({ text: statements[0]?.sql ?? '', callback });
  }

  override submit(connection: PgConnection): Error | null {
    const values = this.statements.map((s) => (s.params ?? []).map(wireValue));
    const named: string[] = [];
    const toParse: Array<{ text: string; name: string }> = [];
    for (const { sql } of this.statements) {
      let name = this.cache.use(sql) ?? toParse.find((p) => p.text === sql)?.name;
      if (name === undefined) {
        name = this.cache.newName();
        toParse.push({ text: sql, name });
      }
      named.push(name);
    }
    const closing = this.cache.evict(toParse.length);
    this.connection = connection;
    connection.on('parseComplete', this.onParsed);
    connection.stream.cork?.();
    try {
      for (const name of closing) connection.close({ type: 'S', name });
      this.statements.forEach((s, i) => {
        const name = named[i] ?? '';
        const parse = toParse.find((p) => p.name === name);
        if (parse && !this.pending.includes(parse)) {
          connection.parse({ name, text: s.sql, types: [] });
          this.pending.push(parse);
        }
        connection.bind({ portal: '', statement: name, values: values[i] ?? [] });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private detach(): void {
    this.connection?.removeListener('parseComplete', this.onParsed);
    this.connection = undefined;
  }

  override handleError(err: Error, connection: PgConnection): void {
    this.detach();
    super.handleError(err, connection);
  }

  override handleReadyForQuery(connection: PgConnection): void {
    this.detach();
    super.handleReadyForQuery(connection);
  }
}

/** Runs `statements` on `client` as one pipelined, implicitly transactional round trip. */
export function runBatch(
  client: pg.ClientBase,
  statements: readonly Statement[],
): Promise<QueryResult[]> {
  let cache = caches.get(client);
  if (!cache) {
    cache = new StatementCache();
    caches.set(client, cache);
  }
  return new Promise((resolve, reject) => {
    const query = new BatchQuery(statements, cache, (err, result) => {
      if (err) return reject(err);
      const results = Array.isArray(result) ? result : [result];
      resolve(
        results.map((r) => ({ rows: r.rows as never[], rowCount: r.rowCount ?? r.rows.length })),
      );
    });
    void client.query(query as unknown as pg.QueryConfig);
  });
}
