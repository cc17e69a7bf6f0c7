// The tax section's calls with the signed-in staff token: the rates through
// /functions/v1/admin-tax-rates (they live at the payment provider), the shop's one tax setting
// through the data API (staff read and change public.shop_settings). Each resolves the answer or
// rejects with the server's message.
import {
  adminTaxRateCreateFunction,
  adminTaxRatesFunction,
  adminTaxRateUpdateFunction,
  type AdminTaxRateCreateRequest,
  type TaxRate,
} from '../../../../contracts/functions/admin-tax-rates.ts';
import { callFunction } from '../../../lib/functions.ts';
import type { Backend } from '../../../lib/supabase.ts';
import { TAX_TEXT as T } from './texts.ts';

/** Every rate, archived ones too, newest first. */
export async function fetchTaxRates(backend: Backend): Promise<TaxRate[]> {
  const result = await callFunction(backend.functions, adminTaxRatesFunction, {});
  if (!result.ok) throw new Error(result.message);
  return result.answer.taxRates;
}

export async function createTaxRate(
  backend: Backend,
  request: AdminTaxRateCreateRequest,
): Promise<TaxRate> {
  const result = await callFunction(backend.functions, adminTaxRateCreateFunction, request);
  if (!result.ok) throw new Error(result.message);
  return result.answer.taxRate;
}

export async function archiveTaxRate(backend: Backend, id: string): Promise<TaxRate> {
  const result = await callFunction(backend.functions, adminTaxRateUpdateFunction(id), {
    active: false,
  });
  if (!result.ok) throw new Error(result.message);
  return result.answer.taxRate;
}

/** Whether the shop's rates apply to shipping too. */
export async function fetchShippingTaxable(backend: Backend): Promise<boolean> {
  const { data, error } = await backend.db
    .from('shop_settings')
    .select('shipping_taxable')
    .eq('id', true);
  if (error) throw new Error(error.message);
  const row = data[0];
  if (!row) throw new Error(T.settingsMissing);
  return row.shipping_taxable;
}

/** Saves the setting; resolves it as saved. No row back means the change was not allowed. */
export async function saveShippingTaxable(backend: Backend, taxable: boolean): Promise<boolean> {
  const { data, error } = await backend.db
    .from('shop_settings')
    .update({ shipping_taxable: taxable, updated_at: new Date().toISOString() })
    .eq('id', true)
    .select('shipping_taxable');
  if (error) throw new Error(error.message);
  const row = data[0];
  if (!row) throw new Error(T.settingsMissing);
  return row.shipping_taxable;
}
