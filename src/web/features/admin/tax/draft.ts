// The new rate form's fields as typed, and the request they make, checked as the server checks
// them so each problem shows at its field before anything is sent.
import type { AdminTaxRateCreateRequest } from '../../../../contracts/functions/admin-tax-rates.ts';
import { TAX_TEXT as T } from './texts.ts';

export interface TaxRateDraft {
  displayName: string;
  percentage: string;
  country: string;
  state: string;
  inclusive: boolean;
}

export const EMPTY_DRAFT: TaxRateDraft = {
  displayName: '',
  percentage: '',
  country: '',
  state: '',
  inclusive: false,
};

export type DraftField = 'displayName' | 'percentage' | 'country' | 'state';
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A US rate is always added on top of prices: the form offers nothing else there. */
export const isUs = (draft: TaxRateDraft) => draft.country.trim().toUpperCase() === 'US';

export function requestOf(
  draft: TaxRateDraft,
): { request: Omit<AdminTaxRateCreateRequest, 'requestId'> } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const displayName = draft.displayName.trim();
  if (!displayName || displayName.length > 50) errors.displayName = T.invalid.name;
  const text = draft.percentage.trim();
  const percentage = Number(text);
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text) || percentage > 100) {
    errors.percentage = T.invalid.percentage;
  }
  const country = draft.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) errors.country = T.invalid.country;
  const state = draft.state.trim().toUpperCase();
  if (country === 'US' && !/^[A-Z]{2}$/.test(state)) errors.state = T.invalid.state;
  else if (state && !/^[A-Z0-9]{1,3}$/.test(state)) errors.state = T.invalid.otherState;

  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      displayName,
      percentage,
      country,
      ...(state ? { state } : {}),
      inclusive: country === 'US' ? false : draft.inclusive,
    },
  };
}
