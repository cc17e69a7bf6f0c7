import type * as z from 'zod/mini';
import type { Category } from '../../../../catalogue/index.ts';
import type { JsonValue } from '../../../../catalogue/rows.ts';
import { SPEC_FIELDS, type SpecField } from '../../../../catalogue/specs/fields.ts';
import { SHEET_SCHEMAS } from '../../../../catalogue/specs/schema.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

// The specification sheet as a form, built from the category's schema (specs/schema.ts: what a
// sheet may hold) and its labelled fields (SPEC_FIELDS: labels and order), so a field added to the
// catalogue shows up here without a second list to keep. The form holds text, as inputs do;
// sheetOf turns it back into the sheet the schema checks and the database keeps.

/** A select's choice: the text the control holds, what it shows, and the sheet's value. */
export interface Choice {
  value: string;
  label: string;
  raw: Scalar;
}

/** A value a select can stand for: what the schemas' enums and literals hold. */
type Scalar = string | number | boolean | null;

const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

export type SheetControl =
  | { kind: 'select'; choices: Choice[]; optional: boolean }
  | { kind: 'multi'; choices: Choice[] }
  | { kind: 'number'; unit: string | null; empty: 'null' | 'omit' | 'missing' }
  | { kind: 'text'; empty: 'omit' | 'missing' }
  | { kind: 'boolean' }
  | { kind: 'dimensions'; unit: string | null; optional: boolean }
  /** One of our switches, by key (a keyboard's "switches fitted"). */
  | { kind: 'switch' };

export interface SheetField {
  id: string;
  label: string;
  control: SheetControl;
}

/** The form's values: text per input, a flag per checkbox, the ticked choices of a group. */
export type SheetInput = Record<string, string | boolean | readonly string[]>;

/** What a select holds for "none" (a soldered board's sockets): no sheet value is this text. */
export const NONE = '\u0000none';

/** The unit a field's name ends with: weightG is grams, preTravelMm millimetres. */
const UNITS: [RegExp, string][] = [
  [/Gf$/, 'gf'],
  [/Mm$/, 'mm'],
  [/Mah$/, 'mAh'],
  [/Hz$/, 'Hz'],
  [/Kg$/, 'kg'],
  [/Dpi$/, 'DPI'],
  [/In$/, 'in'],
  [/M$/, 'm'],
  [/G$/, 'g'],
];
const unitOf = (id: string) => UNITS.find(([suffix]) => suffix.test(id))?.[1] ?? null;

type Def = z.core.$ZodTypeDef & {
  innerType?: z.core.$ZodType;
  entries?: Record<string, string>;
  options?: z.core.$ZodType[];
  values?: unknown[];
  element?: z.core.$ZodType;
};
const defOf = (schema: z.core.$ZodType) => schema._zod.def as Def;

/**
 * A sheet value as the Specifications table shows it ("Hot-swap, 5-pin", "1,250 g"), through the
 * field's own format; null when the format needs more of the sheet than this one value.
 */
export function specValueText(
  field: SpecField | undefined,
  id: string,
  raw: unknown,
): string | null {
  try {
    return field?.format({ [id]: raw } as never, { byKey: () => undefined }) || null;
  } catch {
    return null;
  }
}

function choice(field: SpecField | undefined, id: string, raw: Scalar): Choice {
  const label = specValueText(field, id, raw) ?? (raw === null ? T.none : String(raw));
  return { value: raw === null ? NONE : String(raw), label, raw };
}

function controlOf(id: string, schema: z.core.$ZodType, field?: SpecField): SheetControl {
  let def = defOf(schema);
  const optional = def.type === 'optional';
  const nullable = def.type === 'nullable';
  if ((optional || nullable) && def.innerType) def = defOf(def.innerType);
  const choices = (values: unknown[]) =>
    values.filter(isScalar).map((raw) => choice(field, id, raw));
  switch (def.type) {
    case 'enum': {
      const values: unknown[] = Object.values(def.entries ?? {});
      return { kind: 'select', choices: choices(nullable ? [null, ...values] : values), optional };
    }
    case 'union': {
      const values = (def.options ?? []).flatMap((option) => defOf(option).values ?? []);
      return { kind: 'select', choices: choices(nullable ? [null, ...values] : values), optional };
    }
    case 'array': {
      const values = Object.values(def.element ? (defOf(def.element).entries ?? {}) : {});
      return { kind: 'multi', choices: choices(values) };
    }
    case 'number': {
      const empty = nullable ? 'null' : optional ? 'omit' : 'missing';
      return { kind: 'number', unit: unitOf(id), empty };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'object':
      return { kind: 'dimensions', unit: unitOf(id), optional };
    case 'template_literal':
      return { kind: 'switch' };
    default:
      return { kind: 'text', empty: optional ? 'omit' : 'missing' };
  }
}

/** The category's sheet as form fields, in the Specifications table's order. */
export function sheetFields(category: Category): SheetField[] {
  const shape = SHEET_SCHEMAS[category]._zod.def.shape as Record<string, z.core.$ZodType>;
  const labelled = SPEC_FIELDS[category] as readonly SpecField[];
  const ids = [
    ...labelled.map((field) => field.id).filter((id) => id in shape),
    ...Object.keys(shape).filter((id) => !labelled.some((field) => field.id === id)),
  ];
  return ids.map((id) => {
    const field = labelled.find((f) => f.id === id);
    return { id, label: field?.label ?? id, control: controlOf(id, shape[id]!, field) };
  });
}

export const DIMENSIONS = ['length', 'width', 'height'] as const;
const part = (id: string, side: string) => `${id}.${side}`;

/** The form's values for a sheet (empty for a new product). */
export function inputOf(category: Category, sheet: Record<string, unknown> = {}): SheetInput {
  const input: SheetInput = {};
  for (const { id, control } of sheetFields(category)) {
    const value = sheet[id];
    if (control.kind === 'boolean') input[id] = value === true;
    else if (control.kind === 'multi') {
      input[id] = Array.isArray(value) ? value.map(String) : [];
    } else if (control.kind === 'dimensions') {
      const sides = (value ?? {}) as Record<string, unknown>;
      for (const side of DIMENSIONS) input[part(id, side)] = String(sides[side] ?? '');
    } else if (value === null) input[id] = control.kind === 'select' ? NONE : '';
    else input[id] = value === undefined ? '' : String(value);
  }
  return input;
}

// A number as typed: the schema words what is wrong with one that is not a number.
const numberOf = (text: string): number | string =>
  Number.isFinite(Number(text)) ? Number(text) : text;

/** The sheet the form describes: what the schema checks and save_product stores. */
export function sheetOf(category: Category, input: SheetInput): Record<string, JsonValue> {
  const sheet: Record<string, JsonValue> = {};
  const text = (key: string) => String(input[key] ?? '').trim();
  for (const { id, control } of sheetFields(category)) {
    if (control.kind === 'boolean') sheet[id] = input[id] === true;
    else if (control.kind === 'multi') {
      const ticked = Array.isArray(input[id]) ? input[id] : [];
      sheet[id] = control.choices.filter((c) => ticked.includes(c.value)).map((c) => c.raw);
    } else if (control.kind === 'dimensions') {
      const given = DIMENSIONS.filter((side) => text(part(id, side)) !== '');
      if (given.length === 0 && control.optional) continue;
      sheet[id] = Object.fromEntries(given.map((side) => [side, numberOf(text(part(id, side)))]));
    } else if (control.kind === 'select') {
      const picked = control.choices.find((c) => c.value === input[id]);
      if (picked) sheet[id] = picked.raw;
    } else if (text(id) === '') {
      if (control.kind === 'number' && control.empty === 'null') sheet[id] = null;
    } else sheet[id] = control.kind === 'number' ? numberOf(text(id)) : text(id);
  }
  return sheet;
}
