import type { SessionRecord, ShippingRateRecord } from './types.ts';

// Shipping as the sandbox models it: fixed-amount rates, one chosen rate per session (its amount
// and tax are computed with the rest in amounts.ts).

/**
 * The countries Stripe accepts in shipping_address_collection.allowed_countries (stripe-node 23's
 * AllowedCountry; ZZ is Stripe's "unknown region").
 */
export const ALLOWED_COUNTRIES: ReadonlySet<string> = new Set(
  `
  AC AD AE AF AG AI AL AM AO AQ AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ
  BR BS BT BV BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CV CW CY CZ DE DJ DK DM DO DZ EC
  EE EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
  HK HN HR HT HU ID IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB
  LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ
  NA NC NE NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PY QA RE RO RS RU
  RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SZ TA TC TD TF TG TH TJ TK TL
  TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VN VU WF WS XK YE YT ZA ZM ZW ZZ
`
    .trim()
    .split(/\s+/),
);

export const MAX_SHIPPING_OPTIONS = 5;

/** The rate the session charges now: the chosen one, else none. */
export function chosenRate(s: SessionRecord): ShippingRateRecord | undefined {
  return s.shippingOptions?.find((rate) => rate.id === s.shippingRateId);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name for the hosted page's select ("United States"). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
