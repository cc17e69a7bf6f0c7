import { release } from './discounts.ts';
import { newId } from './ids.ts';
import { renderSession } from './render.ts';
import { renderCharge, renderPaymentIntent, renderRefund } from './render-payments.ts';
import { sessionAmounts } from './session-amounts.ts';
import { resolveCreateDiscount } from './session-discount.ts';
import { paySession, type Payer, type PayResult, type PayShipping } from './state-pay.ts';
import type { NewEvent, SandboxStore } from './storage.ts';
import {
  API_VERSION,
  type EventRef,
  type SessionRecord,
  type SessionStatus,
  type StripeEvent,
} from './types.ts';
import type { CreateSessionInput } from './validate-create.ts';

const DAY_S = 24 * 60 * 60;
const IDEMPOTENCY_TTL_MS = DAY_S * 1000;

export type { PayResult } from './state-pay.ts';

export type StateOptions = {
  clock: () => number;
  baseUrl: () => string;
  /** Whether a webhook endpoint is configured: events then get a delivery to make. */
  webhooks: boolean;
  onEvent: () => void;
  /** Days a finished session and its events are kept (open or still delivering: kept longer). */
  retentionDays: number;
};

/**
 * The sandbox's rules over a store: sessions change only by compare-and-set (open to complete or
 * expired), each change together with its event, so two requests, or two sandboxes sharing one
 * store, cannot both pay or expire a session.
 */
export class SandboxState {
  constructor(
    readonly store: SandboxStore,
    private readonly options: StateOptions,
  ) {}

  nowSeconds(): number {
    return Math.floor(this.options.clock() / 1000);
  }

  /** The event a session's change announces, as it is sent and listed. */
  buildEvent(session: SessionRecord, ref: EventRef, requestId: string | null): NewEvent {
    const event: StripeEvent = {
      id: ref.id,
      object: 'event',
      api_version: API_VERSION,
      created: ref.created,
      data: { object: this.eventObject(session, ref) },
      livemode: false,
      pending_webhooks: this.options.webhooks ? 1 : 0,
      request: { id: requestId, idempotency_key: null },
      type: ref.type,
    };
    const delivery = this.options.webhooks
      ? { attempts: 0, nextAttemptAt: Date.now(), deliveredAt: null, lastError: null }
      : null;
    return { id: ref.id, event, delivery };
  }

  /**
   * What an event carries: the session; the charge or the payment intent of a payment; for a
   * refund's events the refund or the charge.
   */
  private eventObject(session: SessionRecord, ref: EventRef): Record<string, unknown> {
    const pi = session.paymentIntent;
    if (pi && ref.type === 'charge.succeeded') return renderCharge({ ...pi, refunds: [] }, session);
    if (pi && ref.type === 'payment_intent.succeeded') return renderPaymentIntent(pi, session);
    if (ref.refundId === undefined || !pi) return renderSession(session, this.options.baseUrl());
    const refunds = pi.refunds ?? [];
    // The charge as this refund left it, also when a crash makes open() rebuild the event later.
    const upTo = refunds.findIndex((r) => r.id === ref.refundId) + 1;
    const asOf = { ...pi, refunds: refunds.slice(0, upTo) };
    if (ref.type === 'refund.created') return renderRefund(refunds[upTo - 1]!, asOf);
    return renderCharge(asOf, session);
  }

  /** Removes finished sessions older than the retention and day-old idempotency records. */
  prune(): Promise<void> {
    return this.store.prune({
      sessionsCreatedBefore: this.nowSeconds() - this.options.retentionDays * DAY_S,
      idempotencyBefore: Date.now() - IDEMPOTENCY_TTL_MS,
    });
  }

  async createSession(input: CreateSessionInput): Promise<SessionRecord> {
    const created = this.nowSeconds();
    const shippingOptions = input.shipping.options.map((rate) => ({
      id: newId.shippingRate(),
      created,
      displayName: rate.displayName,
      amount: rate.amount,
      currency: 'usd' as const,
      deliveryEstimate: rate.deliveryEstimate,
      metadata: rate.metadata,
      ...(rate.taxBehavior ? { taxBehavior: rate.taxBehavior } : {}),
      taxCode: rate.taxCode,
    }));
    const id = newId.session();
    const { discount: wanted, allowPromotionCodes, automaticTax } = input.discounts;
    const subtotal = input.lineItems.reduce((sum, li) => sum + li.unitAmount * li.quantity, 0);
    const discount = wanted
      ? await resolveCreateDiscount(this, wanted, {
          sessionId: id,
          subtotal,
          email: input.customerEmail,
        })
      : null;
    const session: SessionRecord = {
      id,
      created,
      expiresAt: input.expiresAt ?? created + DAY_S,
      status: 'open',
      paymentStatus: 'unpaid',
      currency: 'usd',
      amountTotal: subtotal,
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
        ...(li.taxBehavior ? { taxBehavior: li.taxBehavior } : {}),
      })),
      paymentIntent: null,
      customerDetails: null,
      events: [],
      revision: 0,
      allowedCountries: input.shipping.allowedCountries,
      shippingOptions,
      // As on Stripe, the first option is chosen until the customer picks another.
      shippingRateId: shippingOptions[0]?.id ?? null,
      shippingDetails: null,
      allowPromotionCodes,
      discount,
      automaticTax,
      taxRates: [],
    };
    session.amountTotal = sessionAmounts(session).amount_total;
    await this.store.insertSession(session);
    return session;
  }

  /** The session as of now: an open one past expires_at turns expired (and says so in an event). */
  async getSession(id: string): Promise<SessionRecord | undefined> {
    for (;;) {
      const session = await this.store.getSession(id);
      if (session?.status !== 'open' || this.nowSeconds() < session.expiresAt) return session;
      const expired = await this.commit(session, { ...session, status: 'expired' }, null);
      if (expired) return expired;
      // Changed meanwhile (paid or expired by another request): read it again.
    }
  }

  /** The API's expire: only an open session; otherwise the session as it is, untouched. */
  async expireNow(
    id: string,
    requestId: string,
  ): Promise<{ expired: boolean; session: SessionRecord } | undefined> {
    for (;;) {
      const session = await this.getSession(id);
      if (!session) return undefined;
      if (session.status !== 'open') return { expired: false, session };
      const expired = await this.commit(session, { ...session, status: 'expired' }, requestId);
      if (expired) return { expired: true, session: expired };
    }
  }

  /** Applies expiry to every open session past expires_at, so their events go out unprompted. */
  async sweep(): Promise<void> {
    for (const id of await this.store.openSessionsExpiredAt(this.nowSeconds())) {
      await this.getSession(id);
    }
  }

  /** Completes a session exactly once (state-pay.ts); what the hosted page's pay post calls. */
  pay(id: string, payer: Payer, shipping: PayShipping, expectedTotal?: number): Promise<PayResult> {
    return paySession(this, id, payer, shipping, expectedTotal);
  }

  /**
   * Moves `from` to `to` with the event that announces it, only if the stored session is still
   * in from's status; undefined when another request changed it first.
   */
  private async commit(
    from: SessionRecord,
    to: SessionRecord,
    requestId: string | null,
  ): Promise<SessionRecord | undefined> {
    const type = EVENT_OF[to.status];
    const ref = { id: newId.event(), type, created: this.nowSeconds() };
    const updated = { ...to, events: [...from.events, ref], revision: (from.revision ?? 0) + 1 };
    const event = this.buildEvent(updated, ref, requestId);
    if (!(await this.store.transition(updated, from.status, event))) return undefined;
    this.options.onEvent();
    // An unpaid session's code is free again for others (a crash here leaves it counted).
    if (updated.status === 'expired' && updated.discount) {
      await release(this.store, updated.discount, updated.id);
    }
    return updated;
  }

  /**
   * Replaces `from` with `to` and adds the events of `refs` (built from `to`), only if the stored
   * session is still at from's revision; undefined when another request changed it first.
   */
  async revise(
    from: SessionRecord,
    to: SessionRecord,
    refs: Omit<EventRef, 'id' | 'created'>[],
    requestId: string | null,
  ): Promise<SessionRecord | undefined> {
    const created = this.nowSeconds();
    const newRefs = refs.map((ref) => ({ ...ref, id: newId.event(), created }));
    const revision = from.revision ?? 0;
    const updated = { ...to, events: [...from.events, ...newRefs], revision: revision + 1 };
    const events = newRefs.map((ref) => this.buildEvent(updated, ref, requestId));
    if (!(await this.store.reviseSession(updated, revision, events))) return undefined;
    this.options.onEvent();
    return updated;
  }
}

const EVENT_OF: Record<SessionStatus, string> = {
  open: 'checkout.session.open',
  complete: 'checkout.session.completed',
  expired: 'checkout.session.expired',
};
