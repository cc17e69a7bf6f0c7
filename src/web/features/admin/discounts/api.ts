// The discount codes' calls with the signed-in staff token, through /functions/v1/admin-discounts
// (the codes live at the payment provider). Each resolves the answer or rejects with the
// server's message, which the view shows as it is.
import {
  adminDiscountCreateFunction,
  adminDiscountsFunction,
  adminDiscountUpdateFunction,
  type AdminDiscountCreateRequest,
  type DiscountCode,
} from '../../../../contracts/functions/admin-discounts.ts';
import { callFunction } from '../../../lib/functions.ts';
import type { Backend } from '../../../lib/supabase.ts';

/** Every code, newest first, with its orders and revenue. */
export async function fetchDiscounts(backend: Backend): Promise<DiscountCode[]> {
  const result = await callFunction(backend.functions, adminDiscountsFunction, {});
  if (!result.ok) throw new Error(result.message);
  return result.answer.discounts;
}

export async function createDiscount(
  backend: Backend,
  request: AdminDiscountCreateRequest,
): Promise<DiscountCode> {
  const result = await callFunction(backend.functions, adminDiscountCreateFunction, request);
  if (!result.ok) throw new Error(result.message);
  return result.answer.discount;
}

/** Pauses (false) or resumes (true) a code. */
export async function setDiscountActive(
  backend: Backend,
  id: string,
  active: boolean,
): Promise<DiscountCode> {
  const result = await callFunction(backend.functions, adminDiscountUpdateFunction(id), { active });
  if (!result.ok) throw new Error(result.message);
  return result.answer.discount;
}
