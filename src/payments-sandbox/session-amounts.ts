import { computeAmounts, matchingRates, type Amounts } from './amounts.ts';
import { chosenRate } from './shipping.ts';
import type { SandboxStore } from './storage.ts';
import type { SessionRecord, ShippingDetailsRecord, TaxRateRecord } from './types.ts';

// A session's amounts as amounts.ts computes them from what the session holds: its lines, its
// discount, the chosen shipping rate and, with automatic tax, the rates of its stored address.

/** Stripe's "Nontaxable" tax code: a shipping rate with it is not taxed (ADR 0050). */
export const NONTAXABLE_CODE = 'txcd_00000000';

/** Whether automatic tax has the address it needs (before that, tax is 0 and Stripe says so). */
export function taxLocated(s: SessionRecord): boolean {
  return s.automaticTax === true && Boolean(s.shippingDetails);
}

export function sessionAmounts(s: SessionRecord): Amounts<TaxRateRecord> {
  const rate = chosenRate(s);
  return computeAmounts({
    lines: s.lineItems.map((li) => ({
      unitAmount: li.unitAmount,
      quantity: li.quantity,
      taxBehavior: li.taxBehavior,
    })),
    discount: s.discount ?? null,
    rates: taxLocated(s) ? (s.taxRates ?? []) : [],
    shipping: rate?.amount ?? 0,
    shippingTaxable: rate !== undefined && rate.taxCode !== NONTAXABLE_CODE,
    shippingTaxBehavior: rate?.taxBehavior,
  });
}

/** The session with a shipping choice and address (and that address's rates) put on it. */
export function withShipping(
  s: SessionRecord,
  shipping: {
    rateId: string | null;
    details: ShippingDetailsRecord | null;
    taxRates: TaxRateRecord[];
  },
): SessionRecord {
  return {
    ...s,
    shippingRateId: shipping.rateId ?? s.shippingRateId ?? null,
    shippingDetails: shipping.details ?? s.shippingDetails ?? null,
    taxRates: shipping.details ? shipping.taxRates : (s.taxRates ?? []),
  };
}

/** The tax rates automatic tax applies at this address, read from the store now. */
export async function ratesFor(
  store: SandboxStore,
  s: SessionRecord,
  details: ShippingDetailsRecord | null | undefined,
): Promise<TaxRateRecord[]> {
  if (!s.automaticTax || !details) return [];
  return matchingRates(await store.listObjects('tax_rate'), details.address);
}
