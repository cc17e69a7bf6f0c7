import qs from 'qs';
import { apiErrors, invalidRequest } from './errors.ts';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

/**
 * Decodes Stripe's form encoding (`a[b][0][c]=x`, also curl's `a[]=x` and `+` for space) into nested
 * objects. The array limit is above the 100 line items Stripe allows, so item 100 still arrives in
 * an array and is refused by validation rather than silently turned into an object key.
 */
export function parseForm(encoded: string): Form {
  return qs.parse(encoded, {
    depth: 10,
    arrayLimit: 1000,
    parameterLimit: 20_000,
    allowPrototypes: false,
    allowDots: false,
  }) as Form;
}

export function isRecord(value: unknown): value is Record<string, FormValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Refuses any key not in `allowed`: Stripe answers unknown parameters with parameter_unknown. */
export function rejectUnknown(
  form: Record<string, unknown>,
  allowed: readonly string[],
  prefix = '',
) {
  for (const key of Object.keys(form)) {
    if (!allowed.includes(key)) throw apiErrors.unknown(prefix ? `${prefix}[${key}]` : key);
  }
}

/** An optional string; '' means "unset", as the SDK sends null. */
export function optionalString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string')
    throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, param);
  return value;
}

export function requiredString(value: FormValue | undefined, param: string): string {
  if (value === '') throw apiErrors.empty(param);
  const text = optionalString(value, param);
  if (text === undefined) throw apiErrors.missing(param);
  return text;
}

/** An integer sent as decimal digits; Number.isSafeInteger keeps huge values from rounding. */
export function optionalInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = optionalString(value, param);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n)) throw apiErrors.integer(param, text);
  return n;
}

export function requiredInteger(value: FormValue | undefined, param: string): number {
  const n = optionalInteger(value, param);
  if (n === undefined) throw value === '' ? apiErrors.empty(param) : apiErrors.missing(param);
  return n;
}

/** `true` or `false`, as the SDK sends booleans; '' means unset. */
export function optionalBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${JSON.stringify(value)}`, param);
}

/** A hash of strings, as Stripe's metadata: at most 50 keys of 40 characters, values of 500. */
export function readMetadata(value: FormValue | undefined, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (!isRecord(value)) throw invalidRequest(`Invalid object: ${param} must be a hash.`, param);
  const entries = Object.entries(value).filter(([, v]) => v !== '');
  if (entries.length > 50) {
    throw invalidRequest(
      `Invalid ${param}: metadata can have up to 50 keys, but you passed in ${entries.length} keys.`,
      param,
    );
  }
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    const keyParam = `${param}[${key}]`;
    if (key.length > 40) {
      throw invalidRequest(`Invalid ${param}: keys can be at most 40 characters long.`, keyParam);
    }
    if (typeof v !== 'string')
      throw invalidRequest(`Invalid string: ${JSON.stringify(v)}`, keyParam);
    if (v.length > 500) {
      throw invalidRequest(
        `Invalid ${param}: values can be at most 500 characters long, but the value for '${key}' has ${v.length}.`,
        keyParam,
      );
    }
    out[key] = v;
  }
  return out;
}

/** A list sent as `x[0]=a` or `x[]=a` (or one bare `x=a`). */
export function optionalList(value: FormValue | undefined, param: string): FormValue[] | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value;
  throw invalidRequest(`Invalid array: ${param} must be a list.`, param);
}

/** `expand[]` values: strings only. */
export function expandList(value: FormValue | undefined): string[] {
  const list = optionalList(value, 'expand') ?? [];
  return list.map((item, i) => requiredString(item, `expand[${i}]`));
}
