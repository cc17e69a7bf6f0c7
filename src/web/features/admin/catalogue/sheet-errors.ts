import type { AccessoryArtKind, Category } from '../../../../catalogue/index.ts';
import { REQUIRED_BY_ART } from '../../../../catalogue/specs/required.ts';
import { sheetProblems } from '../../../../catalogue/specs/schema.ts';
import type { FieldErrors } from './draft.ts';
import { PRODUCT_TEXT as T } from './texts.ts';

// The sheet's problems as sheetProblems words them ("weightG: must be more than 0"), put next to
// their fields ("spec:weightG") as sentences. A dimension's problem names its side.

const sentence = (words: string) =>
  words === 'missing' ? T.errors.missing : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;

/** Errors of the sheet by field; an accessory's kind also needs its own fields (REQUIRED_BY_ART). */
export function checkSheet(
  category: Category,
  sheet: Record<string, unknown>,
  drawing: string | null,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of sheetProblems(category, sheet)) {
    const split = problem.indexOf(': ');
    const path = split === -1 ? '' : problem.slice(0, split);
    const words = split === -1 ? problem : problem.slice(split + 2);
    const [id = '', side] = path.split('.');
    // A problem of the whole sheet (an unknown field) is said at the sheet's heading.
    const key = id ? `spec:${id}` : 'specs';
    if (errors[key]) continue;
    const said = sentence(words);
    const sideLabel = T.dimensions[side as keyof typeof T.dimensions];
    errors[key] = sideLabel ? `${sideLabel}: ${said}` : said;
  }
  if (category === 'accessories' && drawing) {
    for (const id of REQUIRED_BY_ART[drawing as AccessoryArtKind] ?? []) {
      if (sheet[id] === undefined) errors[`spec:${id}`] ??= T.errors.requiredForKind;
    }
  }
  return errors;
}
