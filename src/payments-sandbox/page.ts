import { html } from 'hono/html';
import { formatUsd, pageText as t } from './messages.ts';
import { inputField, type CheckoutPageState, type FieldAttrs, type Markup } from './page-fields.ts';
import { SHIPPING_FIELD_ORDER, shippingSection, shownRate } from './page-shipping.ts';
import { codeForm, summaryRows } from './page-summary.ts';
import { sessionAmounts } from './session-amounts.ts';
import type { SessionRecord } from './types.ts';

// Server-rendered HTML with no script at all: the page works with a plain form post, and its CSP
// allows nothing but its own stylesheet. Links are relative to /c/pay/<id>, so the page also works
// behind a proxy that serves the sandbox under a path prefix.

export const STYLESHEET_PATH = '/c/assets/checkout.css';

function layout(title: string, body: Markup): Markup {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>${title} · Payments sandbox</title>
        <link rel="stylesheet" href="../assets/checkout.css" />
      </head>
      <body>
        <header class="banner"><p>${t.banner}</p></header>
        ${body}
      </body>
    </html>`;
}

/** The hosted checkout page of an open session. */
export function checkoutPage(s: SessionRecord, business: string, shown: CheckoutPageState): Markup {
  // The address the session keeps (from an earlier attempt) fills the fields not typed again.
  const state = { ...shown, values: { ...addressValues(s), ...shown.values } };
  const rate = shownRate(s, state);
  const amounts = sessionAmounts({ ...s, shippingRateId: rate?.id ?? null });
  const total = formatUsd(amounts.amount_total);
  // A session discounted to nothing completes without a card (Stripe's no-cost orders).
  const free = amounts.amount_total === 0;
  const fieldOrder = [
    'email',
    ...SHIPPING_FIELD_ORDER,
    'cardNumber',
    'cardExpiry',
    'cardCvc',
    'billingName',
  ];
  const firstInvalid = fieldOrder.find((name) => state.errors[name]);
  // After a decline: the card number; after a changed total: the security code, asked again.
  const focus: string | undefined =
    firstInvalid ??
    (state.errors.code
      ? 'code'
      : free
        ? undefined
        : state.paymentError
          ? 'cardNumber'
          : state.notice
            ? 'cardCvc'
            : undefined);
  const field = (name: string, label: string, attrs: FieldAttrs) =>
    inputField(name, label, attrs, state, focus === name);
  const hasErrors = firstInvalid !== undefined;

  return layout(
    `Pay ${business}`,
    html`<main class="checkout">
      <section class="summary" aria-labelledby="summary-heading">
        ${s.cancelUrl ? html`<a class="back" href="${s.cancelUrl}">← ${t.cancel(business)}</a>` : ''}
        <h1 id="summary-heading">
          <span class="merchant">Pay ${business}</span>
          <span class="amount">${total}</span>
        </h1>
        <h2 class="visually-hidden">${t.orderSummary}</h2>
        <ul class="items">
          ${s.lineItems.map(
            (item) =>
              html`<li class="item">
                <span class="item-name">${item.name}</span>
                <span class="item-total">${formatUsd(item.unitAmount * item.quantity)}</span>
                <span class="item-meta"
                  >${t.quantity(item.quantity)}${
                    item.quantity > 1 ? html` · ${t.each(formatUsd(item.unitAmount))}` : ''
                  }</span
                >
              </li>`,
          )}
        </ul>
        ${s.allowPromotionCodes ? codeForm(s, state, focus === 'code') : ''}
        ${summaryRows(s, amounts, rate, formatUsd)}
        <dl class="totals">
          <dt>${t.total}</dt>
          <dd>${total}</dd>
        </dl>
      </section>
      <section class="payment" aria-labelledby="pay-heading">
        <h2 id="pay-heading">${free ? t.yourDetails : t.payWithCard}</h2>
        ${
          state.paymentError
            ? html`<p class="alert" role="alert" id="payment-error">${state.paymentError}</p>`
            : hasErrors
              ? html`<div class="alert" role="alert" id="error-summary">
                  <p>${t.errorSummary}</p>
                  <ul>
                    ${fieldOrder
                      .filter((name) => state.errors[name])
                      .map(
                        (name) =>
                          html`<li>
                            <a href="#${name === 'shippingRate' ? 'shippingRate-0' : name}"
                              >${state.errors[name]}</a
                            >
                          </li>`,
                      )}
                  </ul>
                </div>`
              : state.notice
                ? html`<p class="notice" role="status">${state.notice}</p>`
                : ''
        }
        <form method="post" action="${s.id}" novalidate>
          ${field('email', t.email, {
            type: 'email',
            autocomplete: 'email',
            readonly: s.customerEmail !== null,
            value: s.customerEmail ?? state.values.email,
          })}
          ${shippingSection(s, state, focus, formatUsd)}
          <input type="hidden" name="shownTotal" value="${amounts.amount_total}" />
          ${free ? html`<p class="notice">${t.noCardNeeded}</p>` : cardFields(field, state)}
          <button type="submit" class="pay">${free ? t.completeOrder : t.pay(total)}</button>
        </form>
        ${free ? '' : testCards()}
      </section>
    </main>`,
  );
}

type Field = (name: string, label: string, attrs: FieldAttrs) => Markup;

function cardFields(field: Field, state: CheckoutPageState): Markup {
  return html`<fieldset>
      <legend>${t.cardInformation}</legend>
      ${field('cardNumber', t.cardNumber, {
        autocomplete: 'cc-number',
        inputmode: 'numeric',
        placeholder: '1234 1234 1234 1234',
        maxlength: 23,
        describedBy: state.paymentError ? 'payment-error' : undefined,
      })}
      <div class="row">
        ${field('cardExpiry', t.expiry, {
          autocomplete: 'cc-exp',
          inputmode: 'numeric',
          placeholder: 'MM / YY',
          maxlength: 9,
        })}
        ${field('cardCvc', t.cvc, {
          autocomplete: 'cc-csc',
          inputmode: 'numeric',
          placeholder: '123',
          maxlength: 4,
          // The security code is never echoed back into the page.
          value: '',
        })}
      </div>
    </fieldset>
    ${field('billingName', t.cardholderName, { autocomplete: 'cc-name' })}`;
}

function testCards(): Markup {
  return html`<div class="test-cards">
    <h3>${t.testCardsHeading}</h3>
    <ul>
      ${t.testCards.map(([number, outcome]) => html`<li><code>${number}</code> ${outcome}</li>`)}
    </ul>
    <p>${t.testCardsNote}</p>
  </div>`;
}

/** The session's kept shipping address as the page's field values. */
function addressValues(s: SessionRecord): Record<string, string> {
  const d = s.shippingDetails;
  if (!d) return {};
  const a = d.address;
  return {
    shippingName: d.name,
    line1: a.line1,
    line2: a.line2 ?? '',
    city: a.city,
    state: a.state,
    postalCode: a.postal_code,
    country: a.country,
  };
}

/** A page for a session that cannot be paid (any more), with one way out. */
export function messagePage(
  title: string,
  body: string,
  link: { href: string; text: string } | null,
): Markup {
  return layout(
    title,
    html`<main class="message">
      <h1>${title}</h1>
      <p>${body}</p>
      ${link ? html`<p><a class="button-link" href="${link.href}">${link.text}</a></p>` : ''}
    </main>`,
  );
}
