import { redeem, release, type CodeRefusal } from './discounts.ts';
import { newId } from './ids.ts';
import { sessionAmounts, withShipping } from './session-amounts.ts';
import type { SandboxState } from './state.ts';
import type {
  CardRecord,
  SessionDiscountRecord,
  SessionRecord,
  ShippingDetailsRecord,
  TaxRateRecord,
} from './types.ts';

export type PayResult =
  | { kind: 'paid'; session: SessionRecord }
  | { kind: 'already_paid'; session: SessionRecord }
  | { kind: 'expired'; session: SessionRecord }
  /** The discount's code can no longer be redeemed (used up meanwhile, say): nothing charged. */
  | { kind: 'refused'; session: SessionRecord; refusal: CodeRefusal }
  /** The total is not the one the customer agreed to (changed in another tab): nothing charged. */
  | { kind: 'changed'; session: SessionRecord; total: number };

export type Payer = {
  email: string;
  name: string;
  /** Null only for a session whose total is 0 (nothing to charge, no card asked for). */
  card: { brand: string; last4: string; details: CardRecord } | null;
};

export type PayShipping = {
  rateId: string | null;
  details: ShippingDetailsRecord | null;
  /** The rates automatic tax found for `details` (session-amounts.ts ratesFor). */
  taxRates: TaxRateRecord[];
};

const PAYMENT_EVENTS = [
  { type: 'charge.succeeded' },
  { type: 'payment_intent.succeeded' },
  { type: 'checkout.session.completed' },
];
// A no-cost order has no payment intent, so no charge or payment intent events (reference §0.9).
const NO_COST_EVENTS = [{ type: 'checkout.session.completed' }];

/**
 * Completes a session exactly once: a second submit finds it complete and charges nothing. The
 * compare-and-set is on the revision, which every change bumps (expiry too). A discount is
 * redeemed first (idempotent per session); a redemption this call made is released again if the
 * session expires instead, or if the discount changed under it.
 */
export async function paySession(
  state: SandboxState,
  id: string,
  payer: Payer,
  shipping: PayShipping,
  expectedTotal?: number,
): Promise<PayResult> {
  let redeemed: SessionDiscountRecord | null = null;
  const letGo = async (sessionId: string) => {
    if (redeemed) await release(state.store, redeemed, sessionId);
    redeemed = null;
  };
  for (;;) {
    const session = await state.getSession(id); // applies expiry first
    if (!session) throw new Error(`pay: unknown session ${id}`);
    if (session.status === 'complete') return { kind: 'already_paid', session };
    if (session.status === 'expired') {
      await letGo(id);
      return { kind: 'expired', session };
    }
    const shipped = withShipping(session, shipping);
    const amounts = sessionAmounts(shipped);
    const total = amounts.amount_total;
    const free = total === 0;
    // The session stays open, so a redemption made is kept for the next attempt (or released
    // when it expires).
    if ((expectedTotal !== undefined && total !== expectedTotal) || (!free && !payer.card)) {
      return { kind: 'changed', session, total };
    }
    const discount = session.discount ?? null;
    if (redeemed && redeemed.id !== discount?.id) await letGo(id);
    if (discount && !redeemed) {
      const result = await redeem(state.store, discount, {
        sessionId: id,
        email: payer.email,
        subtotal: amounts.amount_subtotal,
        nowSeconds: state.nowSeconds(),
      });
      if (!result.ok) return { kind: 'refused', session, refusal: result.refusal };
      redeemed = discount;
    }
    const card = payer.card;
    const paid = await state.revise(
      session,
      {
        ...shipped,
        status: 'complete',
        paymentStatus: free ? 'no_payment_required' : 'paid',
        amountTotal: total,
        customerDetails: { email: payer.email, name: payer.name },
        paymentIntent:
          free || !card
            ? null
            : {
                id: newId.paymentIntent(),
                created: state.nowSeconds(),
                amount: total,
                currency: 'usd',
                cardBrand: card.brand,
                cardLast4: card.last4,
                card: card.details,
                chargeId: newId.charge(),
                refunds: [],
              },
      },
      // As on Stripe: the charge, then its payment intent, then the session, each announced.
      free ? NO_COST_EVENTS : PAYMENT_EVENTS,
      null,
    );
    if (paid) return { kind: 'paid', session: paid };
  }
}
