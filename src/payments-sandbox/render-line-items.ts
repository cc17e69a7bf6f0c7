// A session's line items as Stripe's list of Stripe.LineItem, each with its price (and product,
// when expanded) made up from the price_data it was created with.
import type { LineAmounts } from './amounts.ts';
import { renderLineAmounts } from './render-totals.ts';
import { sessionAmounts } from './session-amounts.ts';
import type { LineItemRecord, SessionRecord, TaxRateRecord } from './types.ts';

type Json = Record<string, unknown>;

/** A Stripe list object over `items` (already sliced by the caller's cursor), at most `limit` long. */
export function renderLineItemList(
  s: SessionRecord,
  items: LineItemRecord[],
  expand: string[],
  limit: number,
): Json {
  const lines = sessionAmounts(s).lines;
  const amountsOf = (item: LineItemRecord) =>
    lines[s.lineItems.findIndex((li) => li.id === item.id)]!;
  return {
    object: 'list',
    data: items.slice(0, limit).map((item) => renderLineItem(s, item, amountsOf(item), expand)),
    has_more: items.length > limit,
    url: `/v1/checkout/sessions/${s.id}/line_items`,
  };
}

function renderLineItem(
  s: SessionRecord,
  item: LineItemRecord,
  amounts: LineAmounts<TaxRateRecord>,
  expand: string[],
): Json {
  const created = s.created;
  const product = expand.includes('data.price.product')
    ? renderProduct(item, created)
    : item.productId;
  return {
    id: item.id,
    object: 'item',
    adjustable_quantity: null,
    ...renderLineAmounts(s, amounts, expand),
    currency: item.currency,
    description: item.name,
    metadata: item.metadata,
    price: {
      id: item.priceId,
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created,
      currency: item.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product,
      recurring: null,
      tax_behavior: item.taxBehavior ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: item.unitAmount,
      // The SDK turns this into a Stripe.Decimal and rejects anything but a decimal string or null.
      unit_amount_decimal: String(item.unitAmount),
    },
    quantity: item.quantity,
  };
}

function renderProduct(item: LineItemRecord, created: number): Json {
  return {
    id: item.productId,
    object: 'product',
    active: false,
    created,
    default_price: null,
    description: item.productDescription,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: item.productMetadata,
    name: item.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}
