// The one money computation of a session (ADR 0050): line subtotals, the discount spread over the
// lines, tax per line and rate, shipping and its tax, in integer cents. Everything that shows or
// charges an amount (the API's session and line items, the hosted page, the payment intent) reads
// it from here, so the page never shows one total and the charge another.

import type { TaxBehavior } from './types.ts';

/** A tax rate as the computation needs it; `inclusive` is the rate's own flag. */
export type AmountRate = {
  id: string;
  displayName: string;
  percentage: number;
  inclusive: boolean;
};

export type AmountLine = {
  unitAmount: number;
  quantity: number;
  /** The price's tax_behavior: 'inclusive'/'exclusive' overrides the rate's flag. */
  taxBehavior?: TaxBehavior | null | undefined;
};

export type AmountDiscount = { percentOff: number | null; amountOff: number | null };

export type AmountsInput<R extends AmountRate = AmountRate> = {
  lines: AmountLine[];
  discount: AmountDiscount | null;
  /** The rates that apply (already matched to the address); none: no tax. */
  rates: R[];
  /** The chosen shipping rate's amount, 0 without one. */
  shipping: number;
  shippingTaxable: boolean;
  shippingTaxBehavior?: TaxBehavior | null | undefined;
};

/** One rate's tax on one line (or on shipping, or summed over the session). */
export type TaxAmount<R extends AmountRate = AmountRate> = {
  rate: R;
  /** Whether this tax is inside the amount (the price's behavior, else the rate's flag). */
  inclusive: boolean;
  amount: number;
  /** What the tax was computed on, without the tax itself (Stripe's taxable_amount). */
  taxableAmount: number;
};

export type LineAmounts<R extends AmountRate = AmountRate> = {
  amount_subtotal: number;
  amount_discount: number;
  amount_tax: number;
  amount_total: number;
  taxes: TaxAmount<R>[];
};

export type ShippingAmounts<R extends AmountRate = AmountRate> = {
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  taxes: TaxAmount<R>[];
};

export type Amounts<R extends AmountRate = AmountRate> = {
  lines: LineAmounts<R>[];
  shipping: ShippingAmounts<R>;
  amount_subtotal: number;
  amount_discount: number;
  amount_tax: number;
  amount_shipping: number;
  amount_total: number;
  /** Taxes summed per rate (and inclusiveness) over lines and shipping: the breakdown. */
  taxes: TaxAmount<R>[];
};

// Percentages carry at most four decimals (Stripe's tax rates; coupons have two), so p × 10⁴ is an
// integer and every rounding below is exact integer arithmetic, with no float error near a half.
const SCALE = 10_000n;

/** round(x × num / den) for non-negative integers, halves up, in BigInt so nothing overflows. */
function mulDivRound(x: number, num: bigint, den: bigint): number {
  return Number((2n * BigInt(x) * num + den) / (2n * den));
}

const scaled = (percentage: number): bigint => BigInt(Math.round(percentage * Number(SCALE)));

/** The discount of each line: percent per line, or an amount spread in proportion. */
function lineDiscounts(subtotals: number[], discount: AmountDiscount | null): number[] {
  if (discount?.percentOff != null) {
    const p = scaled(Math.min(100, Math.max(0, discount.percentOff)));
    return subtotals.map((sub) => Math.min(sub, mulDivRound(sub, p, 100n * SCALE)));
  }
  const total = subtotals.reduce((a, b) => a + b, 0);
  const off = Math.min(total, Math.max(0, discount?.amountOff ?? 0));
  if (off === 0 || total === 0) return subtotals.map(() => 0);
  // Floor of each proportional share; the cents left over go one each to the largest lines (the
  // earlier line first among equals). A share is below its line unless off is the whole subtotal,
  // so one more cent never takes a line below zero.
  const shares = subtotals.map((sub) => Number((BigInt(off) * BigInt(sub)) / BigInt(total)));
  let left = off - shares.reduce((a, b) => a + b, 0);
  const bySize = subtotals.map((sub, i) => ({ sub, i })).sort((a, b) => b.sub - a.sub || a.i - b.i);
  for (const { i } of bySize) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Each rate's tax on `taxable` cents: exclusive on top, inclusive taken out of it. */
function taxesOn<R extends AmountRate>(
  taxable: number,
  rates: R[],
  behavior: TaxBehavior | null | undefined,
): TaxAmount<R>[] {
  return rates.map((rate) => {
    const inclusive =
      behavior === 'inclusive' ? true : behavior === 'exclusive' ? false : rate.inclusive;
    const p = scaled(rate.percentage);
    const amount = inclusive
      ? mulDivRound(taxable, p, 100n * SCALE + p)
      : mulDivRound(taxable, p, 100n * SCALE);
    return { rate, inclusive, amount, taxableAmount: inclusive ? taxable - amount : taxable };
  });
}

const sum = (taxes: TaxAmount[], exclusiveOnly = false): number =>
  taxes.reduce((s, t) => s + (exclusiveOnly && t.inclusive ? 0 : t.amount), 0);

export function computeAmounts<R extends AmountRate>(input: AmountsInput<R>): Amounts<R> {
  const subtotals = input.lines.map((line) => line.unitAmount * line.quantity);
  const discounts = lineDiscounts(subtotals, input.discount);
  const lines = input.lines.map((line, i): LineAmounts<R> => {
    const sub = subtotals[i]!;
    const discount = discounts[i]!;
    const taxes = taxesOn(sub - discount, input.rates, line.taxBehavior);
    return {
      amount_subtotal: sub,
      amount_discount: discount,
      amount_tax: sum(taxes),
      amount_total: sub - discount + sum(taxes, true),
      taxes,
    };
  });
  const shippingTaxes = input.shippingTaxable
    ? taxesOn(input.shipping, input.rates, input.shippingTaxBehavior)
    : [];
  const shipping: ShippingAmounts<R> = {
    amount_subtotal: input.shipping,
    amount_tax: sum(shippingTaxes),
    amount_total: input.shipping + sum(shippingTaxes, true),
    taxes: shippingTaxes,
  };
  const total = (key: 'amount_subtotal' | 'amount_discount' | 'amount_tax' | 'amount_total') =>
    lines.reduce((s, line) => s + line[key], 0);
  return {
    lines,
    shipping,
    amount_subtotal: total('amount_subtotal'),
    amount_discount: total('amount_discount'),
    amount_tax: total('amount_tax') + shipping.amount_tax,
    amount_shipping: shipping.amount_subtotal,
    amount_total: total('amount_total') + shipping.amount_total,
    taxes: sumByRate([...lines.flatMap((line) => line.taxes), ...shippingTaxes]),
  };
}

/** Taxes added up per rate and inclusiveness, in the order the rates first appear. */
function sumByRate<R extends AmountRate>(taxes: TaxAmount<R>[]): TaxAmount<R>[] {
  const byKey = new Map<string, TaxAmount<R>>();
  for (const tax of taxes) {
    const key = `${tax.rate.id} ${tax.inclusive}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.amount += tax.amount;
      seen.taxableAmount += tax.taxableAmount;
    } else byKey.set(key, { ...tax });
  }
  return [...byKey.values()];
}

export type RateLocation = { active: boolean; country: string | null; state: string | null };

/**
 * The sandbox's automatic tax (ADR 0050): every active rate of the address's country whose state
 * is unset or the address's. States compare without case ("ca" is CA); a rate without a country
 * applies nowhere.
 */
export function matchingRates<R extends RateLocation>(
  rates: R[],
  address: { country: string; state?: string | null } | null | undefined,
): R[] {
  if (!address) return [];
  const norm = (text: string | null | undefined) => (text ?? '').trim().toUpperCase();
  return rates.filter(
    (rate) =>
      rate.active &&
      rate.country !== null &&
      norm(rate.country) === norm(address.country) &&
      (norm(rate.state) === '' || norm(rate.state) === norm(address.state)),
  );
}
