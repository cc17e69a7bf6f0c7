import { apiErrors, invalidRequest } from './errors.ts';
import {
  isRecord,
  optionalList,
  optionalString,
  readMetadata,
  rejectUnknown,
  requiredInteger,
  requiredString,
  type Form,
  type FormValue,
} from './form.ts';
import { ALLOWED_COUNTRIES, MAX_SHIPPING_OPTIONS } from './shipping.ts';
import type { DeliveryBound, TaxBehavior } from './types.ts';
import { MAX_UNIT_AMOUNT } from './validate-line-items.ts';
import { readTaxBehavior, readTaxCode } from './validate-discounts.ts';

export type ShippingRateInput = {
  displayName: string;
  amount: number;
  deliveryEstimate: { minimum: DeliveryBound | null; maximum: DeliveryBound | null } | null;
  metadata: Record<string, string>;
  taxBehavior: TaxBehavior | undefined;
  taxCode: string | null;
};

export type ShippingInput = {
  /** Null: the session collects no address. */
  allowedCountries: string[] | null;
  options: ShippingRateInput[];
};

const UNITS = ['business_day', 'day', 'hour', 'month', 'week'];

/** shipping_address_collection and shipping_options of a create request, checked as Stripe does. */
export function readShipping(form: Form): ShippingInput {
  return {
    allowedCountries: readAddressCollection(form.shipping_address_collection),
    options: readOptions(form.shipping_options),
  };
}

function readAddressCollection(value: FormValue | undefined): string[] | null {
  const param = 'shipping_address_collection';
  if (value === undefined || value === '') return null;
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(value, ['allowed_countries'], param);
  const list = optionalList(value.allowed_countries, `${param}[allowed_countries]`);
  if (list === undefined || list.length === 0)
    throw apiErrors.missing(`${param}[allowed_countries]`);
  const countries = list.map((item, i) => {
    const itemParam = `${param}[allowed_countries][${i}]`;
    const code = requiredString(item, itemParam);
    if (!ALLOWED_COUNTRIES.has(code)) {
      throw invalidRequest(
        `Invalid ${itemParam}: must be one of ${[...ALLOWED_COUNTRIES].join(', ')}`,
        itemParam,
      );
    }
    return code;
  });
  return [...new Set(countries)];
}

function readOptions(value: FormValue | undefined): ShippingRateInput[] {
  const list = optionalList(value, 'shipping_options') ?? [];
  if (list.length > MAX_SHIPPING_OPTIONS) {
    throw invalidRequest(
      `You may only specify up to ${MAX_SHIPPING_OPTIONS} shipping options; you passed ${list.length}.`,
      'shipping_options',
    );
  }
  return list.map((option, i) => {
    const param = `shipping_options[${i}]`;
    if (!isRecord(option)) {
      throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
    }
    rejectUnknown(option, ['shipping_rate', 'shipping_rate_data'], param);
    const rateId = optionalString(option.shipping_rate, `${param}[shipping_rate]`);
    if (rateId !== undefined) {
      throw invalidRequest(
        `The payments sandbox does not keep shipping rates between sessions, so it cannot use '${rateId}'. Pass ${param}[shipping_rate_data] instead.`,
        `${param}[shipping_rate]`,
      );
    }
    const data = option.shipping_rate_data;
    if (data === undefined || data === '') throw apiErrors.missing(`${param}[shipping_rate_data]`);
    return readRateData(data, `${param}[shipping_rate_data]`);
  });
}

function readRateData(data: FormValue, param: string): ShippingRateInput {
  if (!isRecord(data)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(
    data,
    [
      'type',
      'display_name',
      'fixed_amount',
      'delivery_estimate',
      'metadata',
      'tax_behavior',
      'tax_code',
    ],
    param,
  );
  const type = optionalString(data.type, `${param}[type]`) ?? 'fixed_amount';
  if (type !== 'fixed_amount') {
    throw invalidRequest(`Invalid ${param}[type]: must be one of fixed_amount`, `${param}[type]`);
  }
  const displayName = requiredString(data.display_name, `${param}[display_name]`);
  if (displayName.length > 100) {
    throw invalidRequest(
      'The display name of a shipping rate must be at most 100 characters.',
      `${param}[display_name]`,
    );
  }
  const fixed = `${param}[fixed_amount]`;
  if (data.fixed_amount === undefined || data.fixed_amount === '') throw apiErrors.missing(fixed);
  if (!isRecord(data.fixed_amount)) {
    throw invalidRequest(`Invalid object: ${fixed} must be an object.`, fixed);
  }
  rejectUnknown(data.fixed_amount, ['amount', 'currency'], fixed);
  const amount = requiredInteger(data.fixed_amount.amount, `${fixed}[amount]`);
  if (amount < 0) {
    throw invalidRequest('This value must be greater than or equal to 0.', `${fixed}[amount]`);
  }
  if (amount > MAX_UNIT_AMOUNT) {
    throw invalidRequest(
      `This value must be less than or equal to ${MAX_UNIT_AMOUNT} (it currently is '${amount}').`,
      `${fixed}[amount]`,
      'amount_too_large',
    );
  }
  const currency = requiredString(data.fixed_amount.currency, `${fixed}[currency]`).toLowerCase();
  if (currency !== 'usd') {
    throw invalidRequest(
      `Invalid currency: ${currency}. The payments sandbox supports only usd.`,
      `${fixed}[currency]`,
    );
  }
  return {
    displayName,
    amount,
    deliveryEstimate: readEstimate(data.delivery_estimate, `${param}[delivery_estimate]`),
    metadata: readMetadata(data.metadata, `${param}[metadata]`),
    taxBehavior: readTaxBehavior(data.tax_behavior, `${param}[tax_behavior]`),
    taxCode: readTaxCode(data.tax_code, `${param}[tax_code]`),
  };
}

function readEstimate(
  value: FormValue | undefined,
  param: string,
): ShippingRateInput['deliveryEstimate'] {
  if (value === undefined || value === '') return null;
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be an object.`, param);
  rejectUnknown(value, ['minimum', 'maximum'], param);
  const bound = (v: FormValue | undefined, p: string): DeliveryBound | null => {
    if (v === undefined || v === '') return null;
    if (!isRecord(v)) throw invalidRequest(`Invalid object: ${p} must be an object.`, p);
    rejectUnknown(v, ['unit', 'value'], p);
    const unit = requiredString(v.unit, `${p}[unit]`);
    if (!UNITS.includes(unit)) {
      throw invalidRequest(`Invalid ${p}[unit]: must be one of ${UNITS.join(', ')}`, `${p}[unit]`);
    }
    const n = requiredInteger(v.value, `${p}[value]`);
    if (n < 1)
      throw invalidRequest('This value must be greater than or equal to 1.', `${p}[value]`);
    return { unit, value: n };
  };
  return {
    minimum: bound(value.minimum, `${param}[minimum]`),
    maximum: bound(value.maximum, `${param}[maximum]`),
  };
}
