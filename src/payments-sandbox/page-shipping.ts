import { html } from 'hono/html';
import type { ShippingFields } from './address.ts';
import { shippingText as t } from './messages.ts';
import { inputField, type CheckoutPageState, type Markup } from './page-fields.ts';
import { countryName } from './shipping.ts';
import type { DeliveryBound, SessionRecord, ShippingRateRecord } from './types.ts';

/** Fields of the shipping part in page order, for finding the first one in error. */
export const SHIPPING_FIELD_ORDER: (keyof ShippingFields)[] = [
  'shippingName',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
  'shippingRate',
];

const UNIT_WORDS: Record<string, [string, string]> = {
  business_day: ['business day', 'business days'],
  day: ['day', 'days'],
  hour: ['hour', 'hours'],
  week: ['week', 'weeks'],
  month: ['month', 'months'],
};

function bound(b: DeliveryBound): string {
  const [one, many] = UNIT_WORDS[b.unit] ?? [b.unit, b.unit];
  return `${b.value} ${b.value === 1 ? one : many}`;
}

/** "5–7 business days", "2 days", or null when the rate gives no estimate. */
export function estimateText(rate: ShippingRateRecord): string | null {
  const min = rate.deliveryEstimate?.minimum ?? null;
  const max = rate.deliveryEstimate?.maximum ?? null;
  if (min && max && min.unit === max.unit) {
    return min.value === max.value ? bound(max) : `${min.value}–${bound(max)}`;
  }
  if (min && max) return `${bound(min)} – ${bound(max)}`;
  const only = min ?? max;
  return only ? bound(only) : null;
}

/** The rate the page shows as chosen: the customer's pick if it is one of the options. */
export function shownRate(
  s: SessionRecord,
  state: CheckoutPageState,
): ShippingRateRecord | undefined {
  const options = s.shippingOptions ?? [];
  return (
    options.find((o) => o.id === state.values.shippingRate) ??
    options.find((o) => o.id === s.shippingRateId) ??
    options[0]
  );
}

/** The address fieldset and the shipping method radio group, as the session asks for them. */
export function shippingSection(
  s: SessionRecord,
  state: CheckoutPageState,
  focus: string | undefined,
  formatUsd: (cents: number) => string,
): Markup {
  const field = (name: keyof ShippingFields, label: string, autocomplete: string) =>
    inputField(name, label, { autocomplete }, state, focus === name);
  const chosen = shownRate(s, state);
  return html`${
    s.allowedCountries
      ? html`<fieldset>
          <legend>${t.addressHeading}</legend>
          ${field('shippingName', t.fullName, 'shipping name')}
          ${field('line1', t.line1, 'shipping address-line1')}
          ${field('line2', t.line2, 'shipping address-line2')}
          ${field('city', t.city, 'shipping address-level2')}
          <div class="row">
            ${field('state', t.state, 'shipping address-level1')}
            ${field('postalCode', t.postalCode, 'shipping postal-code')}
          </div>
          ${countrySelect(s.allowedCountries, state, focus === 'country')}
        </fieldset>`
      : ''
  }
  ${
    (s.shippingOptions ?? []).length > 0
      ? rateGroup(s.shippingOptions ?? [], chosen, state, focus === 'shippingRate', formatUsd)
      : ''
  }`;
}

function countrySelect(allowed: string[], state: CheckoutPageState, autofocus: boolean): Markup {
  const error = state.errors.country;
  const selected = state.values.country ?? allowed[0];
  const sorted = [...allowed].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  return html`<div class="field${error ? ' invalid' : ''}">
    <label for="country">${t.country}</label>
    <select
      id="country"
      name="country"
      autocomplete="shipping country"
      ${error ? html`aria-describedby="country-error" aria-invalid="true"` : ''}
      ${autofocus ? html`autofocus` : ''}
    >
      ${sorted.map(
        (code) =>
          html`<option value="${code}" ${code === selected ? html`selected` : ''}>
            ${countryName(code)}
          </option>`,
      )}
    </select>
    ${error ? html`<p class="field-error" id="country-error">${error}</p>` : ''}
  </div>`;
}

function rateGroup(
  options: ShippingRateRecord[],
  chosen: ShippingRateRecord | undefined,
  state: CheckoutPageState,
  autofocus: boolean,
  formatUsd: (cents: number) => string,
): Markup {
  const error = state.errors.shippingRate;
  return html`<fieldset class="rates${error ? ' invalid' : ''}">
    <legend>${t.methodHeading}</legend>
    ${error ? html`<p class="field-error" id="shippingRate-error">${error}</p>` : ''}
    ${options.map((rate, i) => {
      const estimate = estimateText(rate);
      const id = `shippingRate-${i}`;
      return html`<div class="rate">
        <input
          type="radio"
          id="${id}"
          name="shippingRate"
          value="${rate.id}"
          ${rate.id === chosen?.id ? html`checked` : ''}
          ${autofocus && i === 0 ? html`autofocus` : ''}
          ${error ? html`aria-invalid="true"` : ''}
          ${describedBy(error ? 'shippingRate-error' : null, estimate ? `${id}-estimate` : null)}
        />
        <label for="${id}">
          <span class="rate-name">${rate.displayName}</span>
          <span class="rate-price">${formatUsd(rate.amount)}</span>
        </label>
        ${
          estimate
            ? html`<p class="rate-estimate" id="${id}-estimate">${t.estimate(estimate)}</p>`
            : ''
        }
      </div>`;
    })}
  </fieldset>`;
}

function describedBy(...ids: (string | null)[]): Markup | string {
  const list = ids.filter(Boolean).join(' ');
  return list ? html`aria-describedby="${list}"` : '';
}
