import type { Hono } from 'hono';
import {
  addObjectRoutes,
  checkExpand,
  mergeMetadata,
  optionalDecimal,
  optionalText,
  type ApiEnv,
} from './api-objects.ts';
import type { Idempotent } from './api-payments.ts';
import { apiErrors, invalidRequest } from './errors.ts';
import {
  optionalBoolean,
  optionalString,
  readMetadata,
  rejectUnknown,
  type Form,
  type FormValue,
} from './form.ts';
import { randomAlnum } from './ids.ts';
import { renderTaxRate } from './render-discounts.ts';
import type { SandboxState } from './state.ts';
import type { TaxRateRecord } from './types.ts';

// Stripe's TaxRate.TaxType (reference §4.1).
const TAX_TYPES = [
  ...['admissions_tax', 'amusement_tax', 'attendance_tax', 'communications_tax'],
  ...['digital_excise_tax', 'entertainment_tax', 'get_fund', 'gross_receipts_tax', 'gst'],
  ...['hospitality_tax', 'hst', 'igst', 'jct', 'lease_tax', 'luxury_tax'],
  ...['mass_transit_parking_tax', 'nhil', 'parking_tax', 'pst', 'qst', 'resort_tax'],
  ...['retail_delivery_fee', 'rst', 'sales_tax', 'service_tax', 'tourism_tax'],
  ...['utility_users_tax', 'vat'],
];
// What may change: a rate's percentage, inclusiveness and place are fixed (a changed rate is a
// new one, ADR 0050), so those are refused as unknown on update.
const UPDATE = ['active', 'description', 'display_name', 'jurisdiction', 'metadata', 'tax_type'];
const CREATE = [...UPDATE, 'inclusive', 'percentage', 'country', 'state', 'expand'];

function readTaxType(value: FormValue | undefined): string | null {
  const type = optionalString(value, 'tax_type') ?? null;
  if (type !== null && !TAX_TYPES.includes(type)) {
    throw invalidRequest(`Invalid tax_type: must be one of ${TAX_TYPES.join(', ')}`, 'tax_type');
  }
  return type;
}

function readDisplayName(value: FormValue | undefined): string {
  if (value === '') throw apiErrors.empty('display_name');
  const name = optionalText(value, 'display_name', 50);
  if (name === null) throw apiErrors.missing('display_name');
  return name;
}

/** A rate of POST /v1/tax_rates: percentage 0 to 100 with at most 4 decimals. */
function readTaxRate(form: Form, now: number): TaxRateRecord {
  rejectUnknown(form, CREATE);
  checkExpand(form.expand, []);
  const displayName = readDisplayName(form.display_name);
  const inclusive = optionalBoolean(form.inclusive, 'inclusive');
  if (inclusive === undefined) throw apiErrors.missing('inclusive');
  const percentage = optionalDecimal(form.percentage, 'percentage');
  if (percentage === undefined) throw apiErrors.missing('percentage');
  const decimals = (String(form.percentage).split('.')[1] ?? '').length;
  if (percentage < 0 || percentage > 100 || decimals > 4) {
    throw invalidRequest(
      'Invalid percentage: must be between 0 and 100, with at most 4 decimal places.',
      'percentage',
    );
  }
  const country = optionalString(form.country, 'country')?.toUpperCase() ?? null;
  if (country !== null && !/^[A-Z]{2}$/.test(country)) {
    throw invalidRequest('Invalid country: must be a two-letter ISO country code.', 'country');
  }
  const state = optionalString(form.state, 'state')?.toUpperCase() ?? null;
  if (state !== null && country === null) {
    throw invalidRequest('A `state` can only be given with a `country`.', 'state');
  }
  if (state !== null && !/^[A-Z0-9]{1,3}$/.test(state)) {
    throw invalidRequest(
      'Invalid state: must be an ISO 3166-2 subdivision code without the country prefix, such as CA.',
      'state',
    );
  }
  return {
    id: `txr_${randomAlnum(24)}`,
    kind: 'tax_rate',
    created: now,
    revision: 0,
    displayName,
    percentage,
    inclusive,
    active: optionalBoolean(form.active, 'active') ?? true,
    country,
    state,
    jurisdiction: optionalText(form.jurisdiction, 'jurisdiction', 50),
    taxType: readTaxType(form.tax_type),
    description: optionalText(form.description, 'description', 500),
    metadata: readMetadata(form.metadata, 'metadata'),
  };
}

/** Tax rates under /v1 (reference §4.1): create, retrieve, update, list; no delete (archive). */
export function addTaxRateRoutes(api: Hono<ApiEnv>, state: SandboxState, idempotent: Idempotent) {
  const { store } = state;

  addObjectRoutes(api, store, idempotent, {
    kind: 'tax_rate',
    render: renderTaxRate,
    create: async (form) => {
      const rate = readTaxRate(form, state.nowSeconds());
      // A fresh random id: taken only by a vanishingly rare draw, then a 500 the client retries.
      if (!(await store.insertObject(rate))) throw apiErrors.internal();
      return rate;
    },
    list: {
      filters: ['active', 'inclusive'],
      select: async (query) => {
        const active = optionalBoolean(query.active, 'active');
        const inclusive = optionalBoolean(query.inclusive, 'inclusive');
        const rates = (await store.listObjects('tax_rate')).filter(
          (r) =>
            (active === undefined || r.active === active) &&
            (inclusive === undefined || r.inclusive === inclusive),
        );
        return { items: rates, render: renderTaxRate };
      },
    },
    update: {
      params: UPDATE,
      change: (form) => {
        const has = (key: string) => form[key] !== undefined;
        return (rate) => ({
          ...rate,
          active: optionalBoolean(form.active, 'active') ?? rate.active,
          displayName: has('display_name') ? readDisplayName(form.display_name) : rate.displayName,
          description: has('description')
            ? optionalText(form.description, 'description', 500)
            : rate.description,
          jurisdiction: has('jurisdiction')
            ? optionalText(form.jurisdiction, 'jurisdiction', 50)
            : rate.jurisdiction,
          taxType: has('tax_type') ? readTaxType(form.tax_type) : rate.taxType,
          metadata: mergeMetadata(rate.metadata, form.metadata),
        });
      },
    },
  });
}
