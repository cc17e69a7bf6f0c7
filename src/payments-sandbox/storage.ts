import type {
  DeliveryState,
  EventRecord,
  IdempotencyRecord,
  ObjectKind,
  ObjectOfKind,
  SandboxObject,
  SessionRecord,
  SessionStatus,
  StripeEvent,
} from './types.ts';

/** An event to add; the store numbers it (`seq`, the order events happened in). */
export type NewEvent = Omit<EventRecord, 'seq'>;

export type EventPage = { events: StripeEvent[]; hasMore: boolean };

/**
 * A page of sessions, newest first (by created, then the later stored first): after the session
 * `startingAfter`, or the `limit` just before `endingBefore`; both name a stored session.
 */
export type SessionQuery = {
  limit: number;
  status?: SessionStatus;
  startingAfter?: string;
  endingBefore?: string;
};

export type SessionPage = { sessions: SessionRecord[]; hasMore: boolean };

/** What prune removes: sessions (with their events) and idempotency records older than these. */
export type PruneCutoff = {
  /** Sandbox-clock seconds: sessions created before this go, unless open or still delivering. */
  sessionsCreatedBefore: number;
  /** Wall-clock milliseconds: idempotency records kept before this go. */
  idempotencyBefore: number;
};

/**
 * Where the sandbox keeps its state: sessions (payment intents inside them), events and their
 * webhook deliveries, idempotency records, and the coupons, promotion codes and tax rates. Every
 * method may be called by several sandboxes over one store at once (a shop's instances sharing
 * its database): a session changes only through `transition` or `reviseSession`, an object only
 * through `reviseObject`, compare-and-sets, and a delivery is handed to one caller at a time by
 * `claimDelivery`. The sandbox ships a file store (file-store.ts); the shop's server implements
 * one over its database.
 */
export interface SandboxStore {
  /** Called once before the sandbox serves (a file store repairs what a crash left). */
  open(): Promise<void>;
  /** Resolves once every write started so far is durable. */
  close(): Promise<void>;

  insertSession(session: SessionRecord): Promise<void>;
  getSession(id: string): Promise<SessionRecord | undefined>;
  sessionByPaymentIntent(id: string): Promise<SessionRecord | undefined>;
  /**
   * For GET /v1/checkout/sessions without a payment_intent filter; a store without it answers
   * only that filter (by sessionByPaymentIntent).
   */
  listSessions?(query: SessionQuery): Promise<SessionPage>;
  /** Ids of sessions still open at `nowSeconds` or later than their expires_at. */
  openSessionsExpiredAt(nowSeconds: number): Promise<string[]>;
  /**
   * Replaces the session (same id) only while its stored status is still `from`, and adds `event`
   * with it, all or nothing. False: the status had changed meanwhile, and nothing was written.
   */
  transition(session: SessionRecord, from: SessionStatus, event: NewEvent): Promise<boolean>;
  /**
   * Replaces the session (same id) only while its stored `revision` is still `revision` (a missing
   * revision counts as 0), and adds `events` with it, all or nothing. False: the session had
   * changed meanwhile, and nothing was written. Refunds change a complete session through this, so
   * two refunds of one charge cannot both spend the same remaining amount.
   */
  reviseSession(session: SessionRecord, revision: number, events: NewEvent[]): Promise<boolean>;
  /**
   * The session whose payment intent has this charge (`ch_...`) or refund (`re_...`), or that
   * offers this shipping rate (`shr_...`).
   */
  sessionOwning(id: string): Promise<SessionRecord | undefined>;

  getEvent(id: string): Promise<EventRecord | undefined>;
  /** Newest first, optionally of one type, after the event `startingAfter` (when it exists). */
  listEvents(query: { limit: number; type?: string; startingAfter?: string }): Promise<EventPage>;

  getIdempotency(id: string): Promise<IdempotencyRecord | undefined>;
  /** Keeps the first record stored under an id; a later one is dropped. */
  putIdempotency(record: IdempotencyRecord): Promise<void>;

  /**
   * Adds a coupon, promotion code or tax rate. False, and nothing written, when an object with
   * its id exists, or when it is an active promotion code and another active one has the same
   * code, case-insensitively (the text a shopper types names one code).
   */
  insertObject(record: SandboxObject): Promise<boolean>;
  getObject(id: string): Promise<SandboxObject | undefined>;
  /** Every object of a kind, newest first (by created, then the later stored first). */
  listObjects<K extends ObjectKind>(kind: K): Promise<ObjectOfKind<K>[]>;
  /**
   * Replaces the object (same id) only while its stored `revision` is still `revision`; the
   * caller sets record.revision (to revision + 1). False, and nothing written: it changed
   * meanwhile, or it would make a second active promotion code of one code (see insertObject).
   */
  reviseObject(record: SandboxObject, revision: number): Promise<boolean>;
  /**
   * Whether a session other than `exceptSessionId` completed with this email (its customer's or
   * the one it was created with), case-insensitively: first-time-order-only codes ask this.
   */
  hasCompletedPayment(email: string, exceptSessionId: string): Promise<boolean>;

  /**
   * The oldest event whose delivery is due at `nowMs`, now leased to this caller until
   * `nowMs + leaseMs`: no other caller gets it before then, unless saveDelivery frees it first.
   */
  claimDelivery(nowMs: number, leaseMs: number): Promise<EventRecord | undefined>;
  /** Records an attempt's outcome and ends the lease. */
  saveDelivery(id: string, delivery: DeliveryState): Promise<void>;
  /** When the next pending delivery falls due (wall-clock ms), if any is pending. */
  nextDeliveryAt(): Promise<number | undefined>;
  /** Events whose delivery has not succeeded yet. */
  pendingDeliveries(): Promise<number>;

  /** Deletes old records; sessions still open or with a delivery pending are kept. */
  prune(cutoff: PruneCutoff): Promise<void>;

  /**
   * Whether an error a method threw means the store is out of reach for a moment (a database
   * restarting) rather than a bug: the sandbox then answers 503 and logs a warning, not an error.
   */
  isUnavailable?(err: unknown): boolean;
  /** Whether such an error is the store's disk being full: the 503 says so (STORAGE_FULL_HEADER) */
  isFull?(err: unknown): boolean;
}
