import { addressErrors } from './messages.ts';
import type { SessionRecord, ShippingDetailsRecord } from './types.ts';

/** The hosted page's shipping fields, by their form names. */
export type ShippingFields = {
  shippingName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  shippingRate: string;
};
export const SHIPPING_FIELD_NAMES = [
  'shippingName',
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'country',
  'shippingRate',
] as const satisfies readonly (keyof ShippingFields)[];

export type ShippingCheck = {
  errors: Partial<Record<keyof ShippingFields, string>>;
  rateId: string | null;
  details: ShippingDetailsRecord | null;
};

// Formats checked where the sandbox knows them; elsewhere any short code is taken.
const POSTAL_FORMATS: Record<string, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
  GB: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
};

/** Checks the address and the chosen rate of a session that asks for them. */
export function checkShipping(s: SessionRecord, fields: ShippingFields): ShippingCheck {
  const errors: ShippingCheck['errors'] = {};
  const options = s.shippingOptions ?? [];
  let rateId: string | null = null;
  if (options.length > 0) {
    rateId = options.find((o) => o.id === fields.shippingRate)?.id ?? null;
    if (rateId === null) errors.shippingRate = addressErrors.rateInvalid;
  }
  if (!s.allowedCountries) return { errors, rateId, details: null };

  const v = Object.fromEntries(
    Object.entries(fields).map(([k, value]) => [k, value.trim().replace(/\s+/g, ' ')]),
  ) as ShippingFields;
  if (v.shippingName === '') errors.shippingName = addressErrors.nameMissing;
  if (v.line1 === '') errors.line1 = addressErrors.line1Missing;
  if (v.city === '') errors.city = addressErrors.cityMissing;
  if (v.state === '') errors.state = addressErrors.stateMissing;
  const country = s.allowedCountries.includes(v.country) ? v.country : null;
  if (country === null) errors.country = addressErrors.countryInvalid;
  const format = country ? POSTAL_FORMATS[country] : undefined;
  if (v.postalCode === '') errors.postalCode = addressErrors.postalMissing;
  else if (v.postalCode.length > 12 || (format && !format.test(v.postalCode))) {
    errors.postalCode = addressErrors.postalInvalid;
  }
  if (Object.keys(errors).length > 0 || country === null) return { errors, rateId, details: null };
  return {
    errors,
    rateId,
    details: {
      name: v.shippingName,
      address: {
        line1: v.line1,
        line2: v.line2 === '' ? null : v.line2,
        city: v.city,
        state: v.state,
        postal_code: country === 'CA' ? v.postalCode.toUpperCase() : v.postalCode,
        country,
      },
    },
  };
}
