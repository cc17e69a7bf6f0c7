import { apiErrors, invalidRequest } from './errors.ts';
import { type Form, optionalInteger, optionalString, readMetadata, rejectUnknown } from './form.ts';
import { newId } from './ids.ts';
import { formatUsd } from './messages.ts';
import { refundedAmount } from './render-payments.ts';
import type { SandboxState } from './state.ts';
import type { PaymentIntentRecord, RefundRecord, SessionRecord } from './types.ts';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

export type RefundRequest = {
  paymentIntent: string | undefined;
  charge: string | undefined;
  amount: number | undefined;
  reason: RefundRecord['reason'];
  metadata: Record<string, string>;
  expand: string[];
};

/** A refunds.create body, checked as Stripe does for the subset the sandbox models. */
export function readRefundRequest(form: Form, expand: string[]): RefundRequest {
  rejectUnknown(form, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
  const paymentIntent = optionalString(form.payment_intent, 'payment_intent');
  const charge = optionalString(form.charge, 'charge');
  if (paymentIntent === undefined && charge === undefined) {
    throw invalidRequest(
      'One of the following params should be provided for this request: charge or payment_intent.',
    );
  }
  const amount = optionalInteger(form.amount, 'amount');
  if (amount !== undefined && amount < 1) {
    throw invalidRequest('This value must be greater than or equal to 1.', 'amount');
  }
  const reason = optionalString(form.reason, 'reason');
  if (reason !== undefined && !(REASONS as readonly string[]).includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, 'reason');
  }
  return {
    paymentIntent,
    charge,
    amount,
    reason: (reason as RefundRecord['reason'] | undefined) ?? null,
    metadata: readMetadata(form.metadata, 'metadata'),
    expand,
  };
}

/** The paid session a refund request names, by payment intent or charge. */
async function sessionToRefund(state: SandboxState, req: RefundRequest): Promise<SessionRecord> {
  const session =
    req.paymentIntent !== undefined
      ? await state.store.sessionByPaymentIntent(req.paymentIntent)
      : await state.store.sessionOwning(req.charge!);
  const pi = session?.paymentIntent;
  if (req.paymentIntent !== undefined && !pi) {
    throw apiErrors.noSuch('payment_intent', req.paymentIntent, 'payment_intent');
  }
  if (!session || !pi?.chargeId || (req.charge !== undefined && pi.chargeId !== req.charge)) {
    if (req.charge !== undefined) throw apiErrors.noSuch('charge', req.charge, 'charge');
    throw invalidRequest(
      `This PaymentIntent (${req.paymentIntent}) does not have a successful charge to refund.`,
      'payment_intent',
    );
  }
  return session;
}

/**
 * Refunds part or all of what is left of a charge, with its events (charge.refunded, then
 * refund.created), by compare-and-set on the session's revision: of two refunds racing for the
 * same remaining amount, the second re-reads the session and is refused if nothing is left for it.
 */
export async function createRefund(
  state: SandboxState,
  req: RefundRequest,
  requestId: string,
): Promise<{ refund: RefundRecord; paymentIntent: PaymentIntentRecord }> {
  for (;;) {
    const session = await sessionToRefund(state, req);
    const pi = session.paymentIntent!;
    const remaining = pi.amount - refundedAmount(pi);
    if (remaining <= 0) {
      throw invalidRequest(
        `Charge ${pi.chargeId} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amount = req.amount ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${formatUsd(amount)}) is greater than unrefunded amount on charge (${formatUsd(remaining)})`,
        'amount',
        // The error code of Stripe's list (the spec's enum) for an amount above what is allowed.
        'amount_too_large',
      );
    }
    const refund: RefundRecord = {
      id: newId.refund(),
      created: state.nowSeconds(),
      amount,
      reason: req.reason,
      metadata: req.metadata,
    };
    const paymentIntent = { ...pi, refunds: [...(pi.refunds ?? []), refund] };
    const updated = await state.revise(
      session,
      { ...session, paymentIntent },
      [
        { type: 'charge.refunded', refundId: refund.id },
        { type: 'refund.created', refundId: refund.id },
      ],
      requestId,
    );
    if (updated) return { refund, paymentIntent };
    // Another refund (or change) came first: look again at what is left.
  }
}
