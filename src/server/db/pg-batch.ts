import pg from 'pg';
import type { QueryResult, Statement } from './types.ts';

/** Named prepared statements kept per connection; the least recently used is closed beyond it. */
export const STATEMENTS_PER_CONNECTION = 100;

/** What a batch leaves for the connection's statement cache to settle. */
interface SentParse {
  text: string;
  name: string;
  batch: object;
}

interface PgConnection {
  parse(m: { name: string; text: string; types: number[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string; rows: number }): void;
  close(m: { type: 'S'; name: string }): void;
  sync(): void;
  on(event: 'parseComplete', fn: () => void): void;
  stream: { cork?: () => void; uncork?: () => void };
}

/**
 * A connection's prepared statements by SQL text, least recently used first. Several batches may
 * be on the wire at once (pg's pipeline mode), so a statement counts as prepared only once the
 * server has said ParseComplete: the server answers the Parses in the order they were sent, which
 * is the order of `sent`. A batch that fails has its later Parses skipped by the server; they are
 * forgotten when it ends. Two batches in flight may each parse the same new text; the second name
 * is closed with the next batch.
 */
class StatementCache {
  private readonly names = new Map<string, string>();
  private sent: SentParse[] = [];
  private spare: string[] = [];
  private seq = 0;

  constructor(connection: PgConnection) {
    // Only batches are on this connection while `sent` has entries (a pooled connection runs a
    // transaction only when no batch holds it), so a ParseComplete then answers the oldest Parse.
    connection.on('parseComplete', () => {
      const parsed = this.sent.shift();
      if (!parsed) return;
      if (this.names.has(parsed.text)) this.spare.push(parsed.name);
      else this.names.set(parsed.text, parsed.name);
    });
  }

  /** The statement's name when the server has parsed it (and marks it recently used). */
  use(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) {
      this.names.delete(text);
      this.names.set(text, name);
    }
    return name;
  }

  /** A new name for `text`, to be parsed by `batch`. */
  parse(text: string, batch: object): string {
    this.seq += 1;
    const name = `keebshop_${this.seq}`;
    this.sent.push({ text, name, batch });
    return name;
  }

  /**
   * The names to close before a batch that parses `incoming` statements: duplicates, and the least
   * recently used beyond the bound. A batch sent earlier still binds a closed name: the server
   * runs the messages in order.
   */
  toClose(incoming: number, keep: ReadonlySet<string>): string[] {
    const closing = this.spare;
    this.spare = [];
    for (const [text, name] of this.names) {
      if (this.names.size + this.sent.length + incoming <= STATEMENTS_PER_CONNECTION) break;
      if (keep.has(text)) continue;
      this.names.delete(text);
      closing.push(name);
    }
    return closing;
  }

  /** Forgets the Parses of a batch that has ended: those not answered were skipped by the server. */
  settle(batch: object): void {
    if (this.sent.some((p) => p.batch === batch)) {
      this.sent = this.sent.filter((p) => p.batch !== batch);
    }
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
 * rest). pg's Query keeps the result handling (rows, type parsers, one result per statement); a
 * pg Query also may share a connection in pg's pipeline mode, where each Sync ends one batch.
 */
class BatchQuery extends QueryBase {
  constructor(
    private readonly statements: readonly Statement[],
    private readonly cache: StatementCache,
    callback: Callback,
  ) {
    super({ text: statements[0]?.sql ?? '', callback });
  }

  override submit(connection: PgConnection): Error | null {
    const values = this.statements.map((s) => (s.params ?? []).map(wireValue));
    const texts = new Set(this.statements.map((s) => s.sql));
    const known = new Map<string, string>();
    for (const text of texts) {
      const name = this.cache.use(text);
      if (name !== undefined) known.set(text, name);
    }
    const closing = this.cache.toClose(texts.size - known.size, texts);
    connection.stream.cork?.();
    try {
      for (const name of closing) connection.close({ type: 'S', name });
      this.statements.forEach((s, i) => {
        let name = known.get(s.sql);
        if (name === undefined) {
          name = this.cache.parse(s.sql, this);
          known.set(s.sql, name);
          connection.parse({ name, text: s.sql, types: [] });
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

  override handleError(err: Error, connection: PgConnection): void {
    this.cache.settle(this);
    super.handleError(err, connection);
  }

  override handleReadyForQuery(connection: PgConnection): void {
    this.cache.settle(this);
    super.handleReadyForQuery(connection);
  }
}

function cacheOf(client: pg.ClientBase): StatementCache {
  let cache = caches.get(client);
  if (!cache) {
    const { connection } = client as unknown as { connection: PgConnection };
    cache = new StatementCache(connection);
    caches.set(client, cache);
  }
  return cache;
}

/**
 * Runs `statements` on `client` as one pipelined, implicitly transactional round trip. On a client
 * in pg's pipeline mode, several batches may be on the wire at once; each is its own transaction.
 */
export function runBatch(
  client: pg.ClientBase,
  statements: readonly Statement[],
): Promise<QueryResult[]> {
  const cache = cacheOf(client);
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
