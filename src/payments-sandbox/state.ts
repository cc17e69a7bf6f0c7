import path from 'node:path';
import { newId } from './ids.ts';
import { renderSession } from './render.ts';
import { JsonCollection } from './store.ts';
import {
  API_VERSION,
  type EventRecord,
  type IdempotencyRecord,
  type SessionRecord,
  type StripeEvent,
} from './types.ts';
import type { CreateSessionInput } from './validate-create.ts';

const DAY_S = 24 * 60 * 60;
const IDEMPOTENCY_TTL_MS = DAY_S * 1000;

export type PayResult =
  | { kind: 'paid'; session: SessionRecord }
  | { kind: 'already_paid'; session: SessionRecord }
  | { kind: 'expired'; session: SessionRecord };

export type StateOptions = {
  dataDir: string;
  clock: () => number;
  baseUrl: () => string;
  /** Whether a webhook endpoint is configured: events then get a delivery to make. */
  webhooks: boolean;
  onEvent: () => void;
};

/** Sessions, events and idempotency records, in memory and on disk under dataDir. */
export class SandboxState {
  readonly sessions: JsonCollection<SessionRecord>;
  readonly events: JsonCollection<EventRecord>;
  readonly idempotency: JsonCollection<IdempotencyRecord>;
  private seq: number;

  constructor(private readonly options: StateOptions) {
    this.sessions = new JsonCollection(path.join(options.dataDir, 'sessions'));
    this.events = new JsonCollection(path.join(options.dataDir, 'events'));
    this.idempotency = new JsonCollection(path.join(options.dataDir, 'idempotency'));
    this.seq = Math.max(0, ...this.events.values().map((e) => e.seq));
  }

  nowSeconds(): number {
    return Math.floor(this.options.clock() / 1000);
  }

  /** Recreates events a crash lost between the session write and the event write. */
  async recover(): Promise<void> {
    for (const session of this.sessions.values()) {
      for (const ref of session.events) {
        if (!this.events.get(ref.id)) {
          await this.writeEvent(ref.id, ref.type, ref.created, session, null, ++this.seq);
        }
      }
    }
    const cutoff = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const record of this.idempotency.values()) {
      if (record.createdAt < cutoff) await this.idempotency.delete(record.id);
    }
  }

  async createSession(input: CreateSessionInput): Promise<SessionRecord> {
    const created = this.nowSeconds();
    const session: SessionRecord = {
      id: newId.session(),
      created,
      expiresAt: input.expiresAt ?? created + DAY_S,
      status: 'open',
      paymentStatus: 'unpaid',
      currency: 'usd',
      amountTotal: input.lineItems.reduce((sum, li) => sum + li.unitAmount * li.quantity, 0),
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      clientReferenceId: input.clientReferenceId,
      customerEmail: input.customerEmail,
      lineItems: input.lineItems.map((li) => ({
        id: newId.lineItem(),
        priceId: newId.price(),
        productId: newId.product(),
        name: li.name,
        productDescription: li.productDescription,
        productMetadata: li.productMetadata,
        metadata: li.metadata,
        currency: 'usd',
        unitAmount: li.unitAmount,
        quantity: li.quantity,
      })),
      paymentIntent: null,
      customerDetails: null,
      events: [],
    };
    await this.sessions.set(session);
    return session;
  }

  /** The session as of now: an open one past expires_at turns expired (and says so in an event). */
  async getSession(id: string): Promise<SessionRecord | undefined> {
    const session = this.sessions.get(id);
    if (session?.status === 'open' && this.nowSeconds() >= session.expiresAt) {
      return this.expire(session, null);
    }
    return session;
  }

  /** The API's expire: only an open session; otherwise the session as it is, untouched. */
  async expireNow(
    id: string,
    requestId: string,
  ): Promise<{ expired: boolean; session: SessionRecord } | undefined> {
    await this.getSession(id);
    const session = this.sessions.get(id); // re-read after the await, then no await until set
    if (!session) return undefined;
    if (session.status !== 'open') return { expired: false, session };
    return { expired: true, session: await this.expire(session, requestId) };
  }

  private expire(session: SessionRecord, requestId: string | null): Promise<SessionRecord> {
    return this.commit({ ...session, status: 'expired' }, 'checkout.session.expired', requestId);
  }

  /** Applies expiry to every open session past expires_at, so their events go out unprompted. */
  async sweep(): Promise<void> {
    for (const session of this.sessions.values()) {
      if (session.status === 'open') await this.getSession(session.id);
    }
  }

  /** Marks a session paid, exactly once: a second submit finds it complete and charges nothing. */
  async pay(
    id: string,
    card: { email: string; name: string; brand: string; last4: string },
  ): Promise<PayResult> {
    await this.getSession(id); // applies expiry first
    // Read again after that await and check-and-set with no await in between, so two concurrent
    // submits cannot both see the session open.
    const session = this.sessions.get(id);
    if (!session) throw new Error(`pay: unknown session ${id}`);
    if (session.status === 'complete') return { kind: 'already_paid', session };
    if (session.status === 'expired') return { kind: 'expired', session };
    const paid: SessionRecord = {
      ...session,
      status: 'complete',
      paymentStatus: 'paid',
      customerDetails: { email: card.email, name: card.name },
      paymentIntent: {
        id: newId.paymentIntent(),
        created: this.nowSeconds(),
        amount: session.amountTotal,
        currency: 'usd',
        cardBrand: card.brand,
        cardLast4: card.last4,
      },
    };
    return { kind: 'paid', session: await this.commit(paid, 'checkout.session.completed', null) };
  }

  /** Saves the session with a reference to its new event first, then the event itself. */
  private async commit(
    session: SessionRecord,
    type: string,
    requestId: string | null,
  ): Promise<SessionRecord> {
    const ref = { id: newId.event(), type, created: this.nowSeconds() };
    const updated = { ...session, events: [...session.events, ref] };
    // Memory and the event's number now, synchronously; the event file only once the session file
    // is durable, so no event ever announces a state that a crash could take back.
    const write = this.sessions.set(updated);
    const seq = ++this.seq;
    await write;
    await this.writeEvent(ref.id, type, ref.created, updated, requestId, seq);
    return updated;
  }

  private async writeEvent(
    id: string,
    type: string,
    created: number,
    session: SessionRecord,
    requestId: string | null,
    seq: number,
  ): Promise<void> {
    const event: StripeEvent = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: renderSession(session, this.options.baseUrl()) },
      livemode: false,
      pending_webhooks: this.options.webhooks ? 1 : 0,
      request: { id: requestId, idempotency_key: null },
      type,
    };
    const delivery = this.options.webhooks
      ? { attempts: 0, nextAttemptAt: Date.now(), deliveredAt: null, lastError: null }
      : null;
    const write = this.events.set({ id, seq, event, delivery });
    this.options.onEvent();
    await write;
  }
}
