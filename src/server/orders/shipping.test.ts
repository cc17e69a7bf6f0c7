import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHIPPING,
  shippingEnvShape,
  shippingParamsFor,
  shippingRatesFor,
  shippingSettingsFrom,
} from './shipping.ts';

const settingsOf = (env: Record<string, string>) =>
  shippingSettingsFrom(z.object(shippingEnvShape).parse(env));

describe('shipping settings', () => {
  it('defaults to fifteen countries and free Standard shipping from $100', () => {
    expect(DEFAULT_SHIPPING.countries).toEqual([
      'US',
      'CA',
      'GB',
      'IE',
      'DE',
      'FR',
      'NL',
      'BE',
      'SE',
      'DK',
      'ES',
      'IT',
      'AU',
      'NZ',
      'JP',
    ]);
    expect(DEFAULT_SHIPPING.freeThresholdCents).toBe(10000);
  });

  it('reads the countries and the threshold in dollars', () => {
    expect(settingsOf({ SHIPPING_COUNTRIES: ' us, ca ', FREE_SHIPPING_THRESHOLD: '49.5' })).toEqual(
      { countries: ['US', 'CA'], freeThresholdCents: 4950 },
    );
  });

  it('refuses codes that are not two letters and amounts that are not dollars', () => {
    const schema = z.object(shippingEnvShape);
    expect(schema.safeParse({ SHIPPING_COUNTRIES: 'USA' }).success).toBe(false);
    expect(schema.safeParse({ SHIPPING_COUNTRIES: 'US,,CA' }).success).toBe(false);
    expect(schema.safeParse({ FREE_SHIPPING_THRESHOLD: '-1' }).success).toBe(false);
    expect(schema.safeParse({ FREE_SHIPPING_THRESHOLD: '1.005' }).success).toBe(false);
    expect(schema.safeParse({ ORDER_ADDRESS_RETENTION_DAYS: 'soon' }).success).toBe(false);
  });
});

describe('shipping rates', () => {
  it('charges $5.99 for Standard below the threshold and $19.99 for Express', () => {
    expect(shippingRatesFor(9999, DEFAULT_SHIPPING)).toEqual([
      { displayName: 'Standard', amountCents: 599, minDays: 5, maxDays: 7 },
      { displayName: 'Express', amountCents: 1999, minDays: 1, maxDays: 2 },
    ]);
  });

  it('ships Standard free at or above the threshold; Express still costs', () => {
    expect(shippingRatesFor(10000, DEFAULT_SHIPPING).map((r) => r.amountCents)).toEqual([0, 1999]);
  });

  it('builds Stripe’s session parameters with inline fixed-amount rates in business days', () => {
    const params = shippingParamsFor(2000, { countries: ['US'], freeThresholdCents: 10000 });
    expect(params).toEqual({
      shipping_address_collection: { allowed_countries: ['US'] },
      shipping_options: [
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: 'Standard',
            fixed_amount: { amount: 599, currency: 'usd' },
            delivery_estimate: {
              minimum: { unit: 'business_day', value: 5 },
              maximum: { unit: 'business_day', value: 7 },
            },
          },
        },
        {
          shipping_rate_data: {
            type: 'fixed_amount',
            display_name: 'Express',
            fixed_amount: { amount: 1999, currency: 'usd' },
            delivery_estimate: {
              minimum: { unit: 'business_day', value: 1 },
              maximum: { unit: 'business_day', value: 2 },
            },
          },
        },
      ],
    });
  });
});

describe('shipping and tax', () => {
  it('gives every rate the tax code it is asked for, and none when not asked', () => {
    const settings = { countries: ['US'], freeThresholdCents: 10000 };
    for (const code of ['txcd_92010001', 'txcd_00000000']) {
      const options = shippingParamsFor(2000, settings, code).shipping_options ?? [];
      expect(options.map((o) => o.shipping_rate_data?.tax_code)).toEqual([code, code]);
    }
    const untaxed = shippingParamsFor(2000, settings).shipping_options ?? [];
    expect(
      untaxed.every((o) => o.shipping_rate_data && !('tax_code' in o.shipping_rate_data)),
    ).toBe(true);
  });
});
