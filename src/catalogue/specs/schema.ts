import * as z from 'zod/mini';
import type { AccessorySpecs, KeyboardSpecs, SpecData, SwitchSpecData } from './types.ts';

// What a specification sheet may hold, per category, as the database keeps it (products.specs,
// without the category; a switch's type is the product's own). Read by rows.ts, so a sheet that
// does not fit leaves its product out rather than showing nonsense, and by the back office's
// editor before it saves. Strict: a misspelt field is an error, not a silently ignored value.

const positive = z.number().check(z.positive(), z.lte(1_000_000));
const whole = z.number().check(z.int(), z.positive(), z.lte(1_000_000));
const text = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

export const keyboardSheetSchema = z.strictObject({
  size: z.enum(['60%', '65%', '75%', 'TKL', 'Full', 'Split']),
  hotSwap: z.nullable(z.enum(['3-pin', '5-pin'])),
  switchesFitted: z.templateLiteral(['switches:', z.number().check(z.int(), z.nonnegative())]),
  keycapMaterial: z.enum(['ABS', 'PBT', 'Double-shot PBT', 'Double-shot ABS']),
  keycapProfile: z.enum(['Cherry', 'OEM', 'SA', 'XDA']),
  caseMaterial: z.enum(['ABS plastic', 'Polycarbonate', 'Aluminium', 'Steel-reinforced ABS']),
  mount: z.enum(['Tray', 'Top', 'Gasket', 'Plate']),
  connectivity: z.array(z.enum(['Wired', '2.4 GHz', 'Bluetooth'])).check(z.minLength(1)),
  pollingRateHz: whole,
  batteryMah: z.nullable(whole),
  weightG: positive,
});

export const switchSheetSchema = z.strictObject({
  actuationForceGf: positive,
  bottomOutForceGf: positive,
  preTravelMm: positive,
  totalTravelMm: positive,
  pins: z.union([z.literal(3), z.literal(5)]),
  stemMaterial: text,
  housingMaterial: text,
  factoryLubed: z.boolean(),
  sound: z.enum(['Click', 'Clack', 'Thock', 'Muted', 'Crisp', 'Soft']),
});

export const accessorySheetSchema = z.strictObject({
  material: text,
  weightG: positive,
  dimensionsMm: z.optional(z.strictObject({ length: positive, width: positive, height: positive })),
  lengthM: z.optional(positive),
  connector: z.optional(text),
  contents: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
  fits: z.optional(text),
  packCount: z.optional(whole),
  switchCount: z.optional(whole),
  sensorDpi: z.optional(whole),
  buttons: z.optional(whole),
  driverMm: z.optional(positive),
  screenSizeIn: z.optional(positive),
  resolution: z.optional(text),
  refreshRateHz: z.optional(whole),
  maxLoadKg: z.optional(positive),
});

/** Each category's sheet schema. */
export const SHEET_SCHEMAS = {
  keyboards: keyboardSheetSchema,
  switches: switchSheetSchema,
  accessories: accessorySheetSchema,
} as const;

// The schemas and the types of types.ts describe the same sheets (what a schema reads is a sheet,
// with the same fields): these fail to compile if not.
type Same<A, B> = [A] extends [B]
  ? [keyof A] extends [keyof B]
    ? [keyof B] extends [keyof A]
      ? true
      : false
    : false
  : false;
const agree: [
  Same<z.infer<typeof keyboardSheetSchema>, SpecData<KeyboardSpecs>>,
  Same<z.infer<typeof switchSheetSchema>, SwitchSpecData>,
  Same<z.infer<typeof accessorySheetSchema>, SpecData<AccessorySpecs>>,
] = [true, true, true];
void agree;

type Issue = z.core.$ZodIssue;

const TYPE_WORDS: Partial<Record<string, string>> = {
  int: 'must be a whole number',
  number: 'must be a number',
  string: 'must be text',
  boolean: 'must be yes or no',
  array: 'must be a list',
  object: 'must be a group of fields',
};

// zod/mini carries no message texts (that keeps it small): the problems are worded here.
function wording(issue: Issue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `must be a ${issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? 'must not be empty'
        : `must be more than ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'not_multiple_of':
      return 'must be a whole number';
    default:
      return 'is not allowed';
  }
}

/** Where a sheet does not fit, in words ("weightG: must be more than 0"), one per problem. */
export function sheetProblems(category: keyof typeof SHEET_SCHEMAS, sheet: unknown): string[] {
  const result = SHEET_SCHEMAS[category].safeParse(sheet);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const where = issue.path.join('.');
    const given = issue.path.reduce<unknown>(
      (value, step) =>
        typeof value === 'object' && value !== null
          ? (value as Record<PropertyKey, unknown>)[step]
          : undefined,
      sheet,
    );
    const words = where !== '' && given === undefined ? 'missing' : wording(issue);
    return where ? `${where}: ${words}` : words;
  });
}
