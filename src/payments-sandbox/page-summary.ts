import { html } from 'hono/html';
import type { Amounts } from './amounts.ts';
import { codeText, shippingText, taxText } from './messages.ts';
import { inputField, type CheckoutPageState, type Markup } from './page-fields.ts';
import { taxLocated } from './session-amounts.ts';
import type { SessionRecord, ShippingRateRecord, TaxRateRecord } from './types.ts';

// The order summary's promotion code and subtotal rows: discount, shipping and tax.

type Format = (cents: number) => string;

/** What the summary calls the discount: the code typed, else the coupon's name or id. */
const discountLabel = (d: NonNullable<SessionRecord['discount']>) => d.code ?? d.name ?? d.couponId;

/**
 * The promotion code field and Apply, or the applied code and Remove. A form of its own, posted to
 * <id>/code: Enter in the field applies the code and never pays (the pay form's default button is
 * Pay), at the price of what was typed in the pay form, which the page shows again only for the
 * address the session keeps.
 */
export function codeForm(s: SessionRecord, state: CheckoutPageState, autofocus: boolean): Markup {
  const action = `${s.id}/code`;
  const applied = s.discount;
  if (applied) {
    const label = discountLabel(applied);
    return html`<form class="promo promo-applied" method="post" action="${action}">
      <p>
        <span class="promo-code">${label}</span>
        ${
          applied.code && applied.name && applied.name.toUpperCase() !== applied.code.toUpperCase()
            ? html`<span class="promo-name">${applied.name}</span>`
            : ''
        }
      </p>
      <button type="submit" class="secondary" name="remove" value="1">
        ${codeText.remove}<span class="visually-hidden">${codeText.removeCode(label)}</span>
      </button>
    </form>`;
  }
  return html`<form class="promo" method="post" action="${action}" novalidate>
    ${inputField('code', codeText.label, { autocomplete: 'off' }, state, autofocus)}
    <button type="submit" class="secondary">${codeText.apply}</button>
  </form>`;
}

/** Subtotal, discount, shipping and tax rows; none for a plain session (the total says it all). */
export function summaryRows(
  s: SessionRecord,
  a: Amounts<TaxRateRecord>,
  rate: ShippingRateRecord | undefined,
  formatUsd: Format,
): Markup | '' {
  // Tax waits for the address the page asks for; a session asking none shows no tax row.
  const showTax = s.automaticTax === true && Boolean(s.allowedCountries);
  if (!rate && !s.discount && !showTax) return '';
  const row = (label: unknown, amount: string, className?: string) =>
    html`<div${className ? html` class="${className}"` : ''}>
      <dt>${label}</dt>
      <dd>${amount}</dd>
    </div>`;
  return html`<dl class="subtotals">
    ${row(shippingText.subtotal, formatUsd(a.amount_subtotal))}
    ${
      s.discount
        ? row(
            html`<span class="promo-code">${discountLabel(s.discount)}</span>`,
            codeText.amount(formatUsd(a.amount_discount)),
            'discount',
          )
        : ''
    }
    ${rate ? row(`${shippingText.shipping} (${rate.displayName})`, formatUsd(rate.amount)) : ''}
    ${showTax ? taxRows(s, a, formatUsd, row) : ''}
  </dl>`;
}

function taxRows(
  s: SessionRecord,
  a: Amounts<TaxRateRecord>,
  formatUsd: Format,
  row: (label: string, amount: string) => Markup,
): Markup | Markup[] {
  if (!taxLocated(s)) return row(taxText.tax, taxText.pending);
  if (a.taxes.length === 0) return row(taxText.tax, formatUsd(0));
  return a.taxes.map((t) =>
    row(
      (t.inclusive ? taxText.included : taxText.rate)(t.rate.displayName, t.rate.percentage),
      formatUsd(t.amount),
    ),
  );
}
