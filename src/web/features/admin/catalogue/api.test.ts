import { describe, expect, it } from 'vitest';
import { refusal } from './api.ts';

// What PostgREST passes on from Postgres: its SQLSTATE, message and detail.
const error = (code: string, message: string, details: string | null = null) => ({
  code,
  message,
  details,
});

describe("the server's refusal of a save, in words", () => {
  it('puts a name, address or SKU another product has next to its field', () => {
    const unique = (constraint: string, details: string) =>
      refusal(
        error('23505', `duplicate key value violates unique constraint "${constraint}"`, details),
      );
    expect(unique('products_name_key', 'Key (name)=(Cable) already exists.')).toEqual({
      ok: false,
      field: 'name',
      message: 'Another product already has this name.',
    });
    expect(unique('products_url_key_key', 'Key (url_key)=(cable) already exists.')).toEqual({
      ok: false,
      field: 'urlKey',
      message: 'Another product already has this address.',
    });
    expect(
      unique('product_variants_sku_key', 'Key (sku)=(AC-208-STANDARD) already exists.'),
    ).toEqual({
      ok: false,
      field: 'sku',
      sku: 'AC-208-STANDARD',
      message: 'Another product already has this SKU.',
    });
  });

  it("passes a stale edit's and the function's own words on, and words the rest", () => {
    const stale = 'Someone changed Cable since you opened it: reload it and try again.';
    expect(refusal(error('40001', stale))).toEqual({ ok: false, field: null, message: stale });
    expect(refusal(error('', 'TypeError: fetch failed')).message).toBe(
      'The product could not be saved: the server could not be reached.',
    );
    expect(refusal(error('42501', 'Only staff change the catalogue.')).message).toBe(
      'The product could not be saved: Only staff change the catalogue.',
    );
  });
});
