import type pg from 'pg';
import { runBatch } from './pg-batch.ts';
import type { QueryResult, Statement } from './types.ts';

/** A pooled connection the lane holds, and when each batch on it was sent, oldest first. */
interface Held {
  client: pg.PoolClient;
  sent: number[];
  /** Set once the connection failed: no new batch goes to it, and it is destroyed when left. */
  broken: boolean;
}

/** A batch's place: its connection, and when it was given (its entry in `sent`). */
interface Place {
  held: Held;
  sent: number;
}

/** A batch waiting for a place; `claim` stops its own deadline once the lane takes it up. */
interface Waiter {
  claim: () => void;
  resolve: (place: Place) => void;
  reject: (err: Error) => void;
}

/** Whether the connection a batch failed on is done for: not a server's error, or a fatal one. */
function endsConnection(err: unknown): boolean {
  if (!(err instanceof Error && 'severity' in err)) return true;
  return err.severity === 'FATAL' || err.severity === 'PANIC';
}

export interface BatchLaneOptions {
  /** The most connections the lane holds at once; the rest of the pool is left to transactions. */
  connections: number;
  /** The most batches on one connection at once. */
  depth: number;
  /** A connection whose oldest batch was sent longer ago than this takes no new batch. */
  stallMs: number;
  /** How long a batch waits for a place before it fails as the pool's own wait does. */
  waitMs: number;
}

/**
 * Batches (data API reads and token refreshes, each one implicit transaction) ride one pooled
 * connection together in pg's pipeline mode, each ended by its own Sync, instead of taking a
 * connection each (ADR 0038). The server then goes from one batch to the next without waiting for
 * the Node side or being woken for each, which on a small machine costs both sides less than
 * spreading the batches over many connections. Up to `depth` ride at once; the next wait in order.
 * A connection answering slowly (a long query, a lock wait) takes no new batch: the next ones get
 * a connection of their own, up to `connections`. A connection goes back to the pool as soon as
 * no batch is on it, so transactions can use the whole pool while reads are quiet.
 */
export class BatchLane {
  private readonly held: Held[] = [];
  private readonly waiting: Waiter[] = [];
  private acquiring = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: BatchLaneOptions,
  ) {}

  async run(statements: readonly Statement[]): Promise<QueryResult[]> {
    const { held, sent } = await this.place();
    try {
      return await runBatch(held.client, statements);
    } catch (err) {
      // A server's error leaves the connection usable (the Sync rolled back), unless fatal.
      if (endsConnection(err)) held.broken = true;
      throw err;
    } finally {
      held.sent.splice(held.sent.indexOf(sent), 1);
      this.leave(held);
    }
  }

  /** Waits for a place on a connection, in order of arrival. */
  private place(): Promise<Place> {
    return new Promise((resolve, reject) => {
      // As long as the pool lets a caller wait for a connection, and in its words (a 503).
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new Error('timeout exceeded when trying to connect'));
      }, this.options.waitMs);
      const waiter: Waiter = { claim: () => clearTimeout(timer), resolve, reject };
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /** Gives waiting batches their places, and opens a connection when none can take them. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      const now = performance.now();
      let best: Held | undefined;
      let answering = false;
      for (const h of this.held) {
        if (h.broken || now - (h.sent[0] ?? now) > this.options.stallMs) continue;
        answering = true;
        if (h.sent.length < this.options.depth && (!best || h.sent.length < best.sent.length)) {
          best = h;
        }
      }
      if (!best) {
        // Full connections that answer will free a place soon; otherwise a new connection.
        if (!answering && !this.acquiring && this.held.length < this.options.connections) {
          this.acquire();
        }
        return;
      }
      const waiter = this.waiting.shift()!;
      waiter.claim();
      best.sent.push(now);
      waiter.resolve({ held: best, sent: now });
    }
  }

  private acquire(): void {
    this.acquiring = true;
    this.pool.connect().then(
      (client) => {
        this.acquiring = false;
        const held: Held = { client, sent: [], broken: false };
        this.held.push(held);
        this.dispatch();
        // The batches that waited for it may have given up meanwhile.
        if (held.sent.length === 0) this.leave(held);
      },
      (err: Error) => {
        this.acquiring = false;
        // The database is out of reach: every batch waiting now fails as fast.
        for (const waiter of this.waiting.splice(0)) {
          waiter.claim();
          waiter.reject(err);
        }
      },
    );
  }

  private leave(held: Held): void {
    if (held.sent.length === 0) {
      this.held.splice(this.held.indexOf(held), 1);
      held.client.release(held.broken);
    }
    this.dispatch();
  }
}
