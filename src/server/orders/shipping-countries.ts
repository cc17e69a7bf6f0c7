import { z } from 'zod';
import { STRIPE_ALLOWED_COUNTRIES } from '../payments/index.ts';

/**
 * The countries a Checkout Session may ask a shipping address in: Stripe's
 * shipping_address_collection.allowed_countries (stripe-node 23's AllowedCountry), less ZZ, its
 * "unknown region", which is no country to ship to. Any other code makes every checkout fail.
 */
export const SHIPPABLE_COUNTRIES: ReadonlySet<string> = new Set(
  [...STRIPE_ALLOWED_COUNTRIES].filter((code) => code !== 'ZZ'),
);

/** Codes people write that ISO 3166-1 spells otherwise, beyond the aliases Intl knows (UK: GB). */
const ALIASES: Record<string, string> = { EL: 'GR' };

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The ISO code of a common or former alias (UK, DD, ZR...), per CLDR; undefined when none. */
function isoCodeOf(code: string): string | undefined {
  if (ALIASES[code]) return ALIASES[code];
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  const region = new Intl.Locale(Intl.getCanonicalLocales(`und-${code}`)[0] ?? 'und').region;
  return region && region !== code ? region : undefined;
}

/** Why `code` cannot be offered at checkout, naming it (and the right code when there is one). */
export function shippingCountryProblem(code: string): string | undefined {
  if (SHIPPABLE_COUNTRIES.has(code)) return undefined;
  if (code === '') return 'an empty entry (two commas in a row?) is not a country code';
  const iso = isoCodeOf(code);
  if (iso && SHIPPABLE_COUNTRIES.has(iso)) {
    return `${code} is not an ISO 3166-1 alpha-2 code: use ${iso} (${regionNames.of(iso)})`;
  }
  const name = /^[A-Z]{2}$/.test(code) ? regionNames.of(code) : undefined;
  if (name && name !== code && code !== 'ZZ') {
    return `${code} (${name}) is not a country Stripe can ship to`;
  }
  return `${code} is not a two-letter ISO 3166-1 country code Stripe can ship to (such as US, GB, DE)`;
}

/** SHIPPING_COUNTRIES once split: one problem per entry a checkout cannot ship to, naming it. */
export const shippingCountryList = z
  .array(z.string())
  .min(1)
  .superRefine((codes, ctx) => {
    for (const code of new Set(codes)) {
      const problem = shippingCountryProblem(code);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });
