import type Stripe from 'stripe';
import { z } from 'zod';
import { shippingCountryList } from './shipping-countries.ts';

/** The shipping variables; merged into the server's one config schema. */
export const shippingEnvShape = {
  /** ISO 3166-1 alpha-2 codes the checkout accepts an address in, comma-separated (docs/operations.md). */
  SHIPPING_COUNTRIES: z
    .string()
    .default('US,CA,GB,IE,DE,FR,NL,BE,SE,DK,ES,IT,AU,NZ,JP')
    .transform((list) => list.split(',').map((code) => code.trim().toUpperCase()))
    .pipe(shippingCountryList),
  /** Dollars: a subtotal at or above it ships Standard for free. */
  FREE_SHIPPING_THRESHOLD: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in dollars, such as 100 or 99.50')
    .default('100'),
  /** Days after delivery or cancellation before an order's shipping name and address are erased. */
  ORDER_ADDRESS_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(90),
};

type ShippingEnv = z.infer<z.ZodObject<typeof shippingEnvShape>>;

/** How the checkout offers shipping. */
export interface ShippingSettings {
  countries: string[];
  /** A subtotal (cents) at or above this ships Standard for free. */
  freeThresholdCents: number;
}

/** The shipping settings from the validated environment. */
export function shippingSettingsFrom(e: ShippingEnv): ShippingSettings {
  const [dollars = '0', cents = ''] = e.FREE_SHIPPING_THRESHOLD.split('.');
  return {
    countries: e.SHIPPING_COUNTRIES,
    freeThresholdCents: Number(dollars) * 100 + Number(cents.padEnd(2, '0')),
  };
}

/** The defaults, as an unset environment gives them (tests, tools). */
export const DEFAULT_SHIPPING: ShippingSettings = shippingSettingsFrom(
  z.object(shippingEnvShape).parse({}),
);

/** One way to ship (docs/operations.md, Shipping and orders). */
export interface ShippingRate {
  displayName: string;
  amountCents: number;
  minDays: number;
  maxDays: number;
}

export const STANDARD_CENTS = 599;
export const EXPRESS_CENTS = 1999;

/** The rates a cart of this subtotal is offered: Standard (free from the threshold), Express. */
export function shippingRatesFor(
  subtotalCents: number,
  settings: ShippingSettings,
): ShippingRate[] {
  const free = subtotalCents >= settings.freeThresholdCents;
  return [
    { displayName: 'Standard', amountCents: free ? 0 : STANDARD_CENTS, minDays: 5, maxDays: 7 },
    { displayName: 'Express', amountCents: EXPRESS_CENTS, minDays: 1, maxDays: 2 },
  ];
}

/**
 * The Checkout Session parameters that ask for an address and offer the rates, as inline
 * shipping_rate_data: exactly Stripe's API, so real Stripe takes them unchanged. Each rate carries
 * `taxCode` when given: whether automatic tax taxes shipping (checkout-tax.ts).
 */
export function shippingParamsFor(
  subtotalCents: number,
  settings: ShippingSettings,
  taxCode?: string,
): Pick<Stripe.Checkout.SessionCreateParams, 'shipping_address_collection' | 'shipping_options'> {
  return {
    shipping_address_collection: {
      allowed_countries:
        settings.countries as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
    },
    shipping_options: shippingRatesFor(subtotalCents, settings).map((rate) => ({
      shipping_rate_data: {
        type: 'fixed_amount',
        display_name: rate.displayName,
        fixed_amount: { amount: rate.amountCents, currency: 'usd' },
        delivery_estimate: {
          minimum: { unit: 'business_day', value: rate.minDays },
          maximum: { unit: 'business_day', value: rate.maxDays },
        },
        ...(taxCode ? { tax_code: taxCode } : {}),
      },
    })),
  };
}
