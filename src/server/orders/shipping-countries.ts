import { z } from 'zod';

/**
 * The countries a Checkout Session may ask a shipping address in: Stripe's
 * shipping_address_collection.allowed_countries (stripe-node 23's AllowedCountry), less ZZ, its
 * "unknown region", which is no country to ship to. Any other code makes every checkout fail.
 */
export const SHIPPABLE_COUNTRIES: ReadonlySet<string> = new Set(
  `
  AC AD AE AF AG AI AL AM AO AQ AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ
  BR BS BT BV BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CV CW CY CZ DE DJ DK DM DO DZ EC
  EE EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
  HK HN HR HT HU ID IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB
  LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PY QA RE RO RS RU
  RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SZ TA TC TD TF TG TH TJ TK TL
  TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VN VU WF WS XK YE YT
`
    .trim()
    .split(/\s+/),
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
