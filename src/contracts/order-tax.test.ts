// The tax inside a refund, as the refund mail and the back office say it.
import { describe, expect, it } from 'vitest';
import { taxShareOf } from './order-tax.ts';

describe('taxShareOf', () => {
  it('returns tax in proportion to the order’s tax in its total, to the cent', () => {
    // $127.24 charged, $7.25 of it sales tax.
    const order = { tax_cents: 725, total_cents: 12724 };
    expect(taxShareOf(12724, order)).toBe(725);
    expect(taxShareOf(5000, order)).toBe(285); // 284.9
    expect(taxShareOf(1, order)).toBe(0);
  });

  it('counts tax inside the prices (VAT) the same way', () => {
    expect(taxShareOf(5950, { tax_cents: 1900, total_cents: 11900 })).toBe(950);
  });

  it('is nothing for an order without tax or without a total', () => {
    expect(taxShareOf(5000, { tax_cents: 0, total_cents: 12500 })).toBe(0);
    expect(taxShareOf(0, { tax_cents: 0, total_cents: 0 })).toBe(0);
  });
});
