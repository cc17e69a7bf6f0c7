import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {
  EventPage,
  NewEvent,
  PruneCutoff,
  SandboxStore,
  SessionPage,
  SessionQuery,
} from './storage.ts';
import { FileObjects } from './file-objects.ts';
import { JsonCollection } from './store.ts';
import type {
  DeliveryState,
  EventRecord,
  EventRef,
  IdempotencyRecord,
  SessionRecord,
  SessionStatus,
} from './types.ts';

/** Rebuilds an event a crash lost, from the session that names it. */
export type RebuildEvent = (session: SessionRecord, ref: EventRef) => NewEvent;

const sessionIdOf = (record: EventRecord) => (record.event.data.object as { id?: string }).id;

/**
 * The standalone sandbox's store: one JSON file per session, event and idempotency key under a
 * directory, mirrored in memory. One process owns a directory. A session's check-and-set runs on
 * memory with no await inside, so concurrent requests cannot both see a session open; its file is
 * written before its event's, and open() recreates an event a crash lost in between. Coupons,
 * promotion codes and tax rates are kept by FileObjects, under `objects/`.
 */
export class FileStore extends FileObjects implements SandboxStore {
  private readonly sessions: JsonCollection<SessionRecord>;
  private readonly events: JsonCollection<EventRecord>;
  private readonly idempotency: JsonCollection<IdempotencyRecord>;
  private readonly leases = new Map<string, number>();
  private seq: number;

  constructor(
    dir: string,
    private readonly rebuild: RebuildEvent,
  ) {
    super(dir);
    this.sessions = new JsonCollection(path.join(dir, 'sessions'));
    this.events = new JsonCollection(path.join(dir, 'events'));
    this.idempotency = new JsonCollection(path.join(dir, 'idempotency'));
    this.seq = Math.max(0, ...this.events.values().map((e) => e.seq));
  }

  async open(): Promise<void> {
    for (const session of this.sessions.values()) {
      for (const ref of session.events) {
        if (!this.events.get(ref.id)) {
          await this.events.set({ ...this.rebuild(session, ref), seq: ++this.seq });
        }
      }
    }
  }

  async close(): Promise<void> {
    await Promise.all([
      this.sessions.flush(),
      this.events.flush(),
      this.idempotency.flush(),
      this.flushObjects(),
    ]);
  }

  insertSession(session: SessionRecord): Promise<void> {
    return this.sessions.set(session);
  }

  async getSession(id: string): Promise<SessionRecord | undefined> {
    return this.sessions.get(id);
  }

  async sessionByPaymentIntent(id: string): Promise<SessionRecord | undefined> {
    return this.sessions.values().find((s) => s.paymentIntent?.id === id);
  }

  async listSessions(query: SessionQuery): Promise<SessionPage> {
    // Map order is the order stored: reversed, then sorted (stably) by created, newest first.
    const all = this.sessions
      .values()
      .reverse()
      .sort((a, b) => b.created - a.created);
    const at = (id: string) => all.findIndex((s) => s.id === id);
    const wanted = (list: SessionRecord[]) =>
      list.filter((s) => query.status === undefined || s.status === query.status);
    if (query.endingBefore !== undefined) {
      const before = wanted(all.slice(0, Math.max(0, at(query.endingBefore))));
      const start = Math.max(0, before.length - query.limit);
      return { sessions: before.slice(start), hasMore: start > 0 };
    }
    const from = query.startingAfter === undefined ? 0 : at(query.startingAfter) + 1;
    const rest = wanted(all.slice(from));
    return { sessions: rest.slice(0, query.limit), hasMore: rest.length > query.limit };
  }

  async openSessionsExpiredAt(nowSeconds: number): Promise<string[]> {
    return this.sessions
      .values()
      .filter((s) => s.status === 'open' && nowSeconds >= s.expiresAt)
      .map((s) => s.id);
  }

  async transition(session: SessionRecord, from: SessionStatus, event: NewEvent): Promise<boolean> {
    if (this.sessions.get(session.id)?.status !== from) return false;
    // Memory and the event's number now, synchronously; the event file only once the session file
    // is durable, so no event ever announces a state that a crash could take back.
    const write = this.sessions.set(session);
    const seq = ++this.seq;
    await write;
    await this.events.set({ ...event, seq });
    return true;
  }

  async reviseSession(
    session: SessionRecord,
    revision: number,
    events: NewEvent[],
  ): Promise<boolean> {
    const current = this.sessions.get(session.id);
    if (!current || (current.revision ?? 0) !== revision) return false;
    // As in transition: memory and numbers at once, the events only once the session is durable.
    const write = this.sessions.set(session);
    const numbered = events.map((event) => ({ ...event, seq: ++this.seq }));
    await write;
    for (const event of numbered) await this.events.set(event);
    return true;
  }

  async sessionOwning(id: string): Promise<SessionRecord | undefined> {
    return this.sessions
      .values()
      .find(
        (s) =>
          s.paymentIntent?.chargeId === id ||
          s.paymentIntent?.refunds?.some((r) => r.id === id) ||
          s.shippingOptions?.some((r) => r.id === id),
      );
  }

  async hasCompletedPayment(email: string, exceptSessionId: string): Promise<boolean> {
    const wanted = email.toLowerCase();
    return this.sessions
      .values()
      .some(
        (s) =>
          s.status === 'complete' &&
          s.id !== exceptSessionId &&
          [s.customerDetails?.email, s.customerEmail].some((e) => e?.toLowerCase() === wanted),
      );
  }

  async getEvent(id: string): Promise<EventRecord | undefined> {
    return this.events.get(id);
  }

  async listEvents(query: { limit: number; type?: string; startingAfter?: string }) {
    let events = this.events
      .values()
      .sort((a, b) => b.seq - a.seq)
      .filter((r) => query.type === undefined || r.event.type === query.type);
    if (query.startingAfter !== undefined) {
      events = events.slice(events.findIndex((r) => r.id === query.startingAfter) + 1);
    }
    const page: EventPage = {
      events: events.slice(0, query.limit).map((r) => r.event),
      hasMore: events.length > query.limit,
    };
    return page;
  }

  async getIdempotency(id: string): Promise<IdempotencyRecord | undefined> {
    return this.idempotency.get(id);
  }

  async putIdempotency(record: IdempotencyRecord): Promise<void> {
    if (!this.idempotency.get(record.id)) await this.idempotency.set(record);
  }

  private pending(): EventRecord[] {
    return this.events
      .values()
      .filter((r) => r.delivery !== null && r.delivery.deliveredAt === null)
      .sort((a, b) => a.seq - b.seq);
  }

  async claimDelivery(nowMs: number, leaseMs: number): Promise<EventRecord | undefined> {
    const due = this.pending().find(
      (r) => r.delivery!.nextAttemptAt <= nowMs && (this.leases.get(r.id) ?? 0) <= nowMs,
    );
    if (due) this.leases.set(due.id, nowMs + leaseMs);
    return due;
  }

  async saveDelivery(id: string, delivery: DeliveryState): Promise<void> {
    this.leases.delete(id);
    const current = this.events.get(id);
    if (current) await this.events.set({ ...current, delivery });
  }

  async nextDeliveryAt(): Promise<number | undefined> {
    const times = this.pending().map((r) =>
      Math.max(r.delivery!.nextAttemptAt, this.leases.get(r.id) ?? 0),
    );
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  async pendingDeliveries(): Promise<number> {
    return this.pending().length;
  }

  async prune(cutoff: PruneCutoff): Promise<void> {
    const pending = this.pending();
    const delivering = new Set(pending.map(sessionIdOf));
    const pendingIds = new Set(pending.map((r) => r.id));
    for (const session of this.sessions.values()) {
      if (session.status === 'open' || delivering.has(session.id)) continue;
      // A refund's events carry the charge or the refund, not the session: the session names them.
      if (session.events.some((ref) => pendingIds.has(ref.id))) continue;
      if (session.created >= cutoff.sessionsCreatedBefore) continue;
      const named = new Set(session.events.map((ref) => ref.id));
      for (const record of this.events.values()) {
        if (sessionIdOf(record) === session.id || named.has(record.id)) {
          await this.events.delete(record.id);
        }
      }
      await this.sessions.delete(session.id);
    }
    for (const record of this.idempotency.values()) {
      if (record.createdAt < cutoff.idempotencyBefore) await this.idempotency.delete(record.id);
    }
  }
}

/** What a file store's directory holds, read without changing it (for moving it elsewhere). */
export function readStoreDirectory(dir: string): {
  sessions: SessionRecord[];
  events: EventRecord[];
} {
  const read = <T>(sub: string): T[] => {
    const folder = path.join(dir, sub);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as T);
  };
  return {
    sessions: read<SessionRecord>('sessions'),
    events: read<EventRecord>('events').sort((a, b) => a.seq - b.seq),
  };
}
