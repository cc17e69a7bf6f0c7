import { checkShipping, SHIPPING_FIELD_NAMES, type ShippingFields } from './address.ts';
import { checkCard, checkEmail, type PaymentFields } from './cards.ts';
import { formatUsd, pageText, shippingText, taxText } from './messages.ts';
import type { CheckoutPageState } from './page-fields.ts';
import { ratesFor, sessionAmounts, withShipping } from './session-amounts.ts';
import { refusalText, setDiscount } from './session-discount.ts';
import type { SandboxState } from './state.ts';
import type { Payer, PayShipping } from './state-pay.ts';
import type { SessionRecord } from './types.ts';

// The hosted page's pay post: check the form, recompute the total for the posted shipping choice
// and address (its tax), and pay only the total the page showed.

/** What the page does next: show itself again (with this state; null: as new), or go on. */
export type PayOutcome = { show: CheckoutPageState | null } | { paid: SessionRecord };

export async function payPost(
  state: SandboxState,
  session: SessionRecord,
  read: (name: string) => string,
  now: Date,
): Promise<PayOutcome> {
  const fields: PaymentFields = {
    email: session.customerEmail ?? read('email'),
    cardNumber: read('cardNumber'),
    cardExpiry: read('cardExpiry'),
    cardCvc: read('cardCvc'),
    billingName: read('billingName'),
  };
  const shippingFields = Object.fromEntries(
    SHIPPING_FIELD_NAMES.map((name) => [name, read(name)]),
  ) as ShippingFields;
  const checked = checkShipping(session, shippingFields);
  const shipping: PayShipping = {
    rateId: checked.rateId,
    details: checked.details,
    taxRates: await ratesFor(state.store, session, checked.details),
  };
  const total = sessionAmounts(withShipping(session, shipping)).amount_total;
  const values = { ...fields, ...shippingFields, cardCvc: '' };
  const show = (more: Partial<CheckoutPageState>): PayOutcome => ({
    show: { values, errors: {}, paymentError: null, ...more },
  });

  // A no-cost order asks for no card: the email (and the address) are all it needs.
  let card: Payer['card'] = null;
  if (total === 0) {
    const emailError = checkEmail(fields.email);
    const errors = { ...checked.errors, ...(emailError ? { email: emailError } : {}) };
    if (Object.keys(errors).length > 0) return show({ errors });
  } else {
    const check = checkCard(fields, now);
    const errors = { ...checked.errors, ...(check.kind === 'invalid' ? check.errors : {}) };
    if (Object.keys(errors).length > 0 || check.kind === 'invalid') return show({ errors });
    if (check.kind === 'declined') return show({ paymentError: check.message });
    card = { brand: check.brand, last4: check.last4, details: check.card };
  }

  // The shipping choice or the address's tax changed the total the page showed: keep them on the
  // session, so the page shows that total and its tax, and charge it on the next pay.
  if (read('shownTotal') !== '' && read('shownTotal') !== String(total)) {
    await keepShipping(state, session.id, shipping);
    const rateChanged = shipping.rateId !== null && shipping.rateId !== session.shippingRateId;
    const text = rateChanged ? shippingText : taxText;
    return show({ notice: text.totalChanged(formatUsd(total)) });
  }
  const payer: Payer = {
    email: fields.email.trim(),
    name: card ? fields.billingName.trim() : (checked.details?.name ?? ''),
    card,
  };
  const result = await state.pay(session.id, payer, shipping, total);
  switch (result.kind) {
    case 'expired':
      return { show: null };
    case 'changed':
      return show({ notice: pageText.totalChanged(formatUsd(result.total)) });
    case 'refused': {
      const discount = result.session.discount!;
      const message = await refusalText(state, discount, result.refusal);
      // A code the customer applied comes off, its field showing why; a discount the shop gave
      // at create cannot be taken off on the page, so the payment as a whole is refused.
      if (!result.session.allowPromotionCodes) return show({ paymentError: message });
      await setDiscount(state, session.id, null);
      return show({ values: { ...values, code: discount.code ?? '' }, errors: { code: message } });
    }
    default:
      return { paid: result.session };
  }
}

/** Puts the posted shipping choice and address (and its tax rates) on the open session. */
async function keepShipping(state: SandboxState, id: string, shipping: PayShipping) {
  for (;;) {
    const session = await state.getSession(id);
    if (session?.status !== 'open') return;
    const next = withShipping(session, shipping);
    next.amountTotal = sessionAmounts(next).amount_total;
    if (await state.revise(session, next, [], null)) return;
  }
}
