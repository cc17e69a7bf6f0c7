import { formatPrice, type Category } from '../../../../catalogue/index.ts';
import { SPEC_FIELDS, type SpecField } from '../../../../catalogue/specs/fields.ts';
import { rowOf } from '../audit.ts';
import type { AuditRow } from '../types.ts';
import { specValueText } from './sheet-form.ts';
import { PRODUCT_TEXT as T, STATUS_TEXT } from './texts.ts';

// A product's audit entries in words. The trigger logs whole rows before and after
// (public.audit_catalogue_change), so what changed is worked out here, field by field, and each
// field is shown as staff know it: "Price $120.00 → $130.00", "Status Draft → Published".

type Row = Record<string, unknown>;

/** Bookkeeping that moves with every change and says nothing by itself. */
const QUIET = new Set(['updated_at', 'created_at', 'key', 'id', 'product_key', 'bucket_id']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return T.empty_value;
  if (field === 'price_cents' && typeof value === 'number') return formatPrice(value);
  if (field === 'alt' && typeof value === 'string') return T.quoted(value);
  if (field === 'status' && typeof value === 'string') {
    return STATUS_TEXT[value as keyof typeof STATUS_TEXT] ?? value;
  }
  if (Array.isArray(value)) return value.map((v) => shown('', v)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${k} ${shown('', v)}`)
      .join(', ');
  }
  return String(value);
}

/** The sheet's changed fields, labelled and shown as the Specifications table shows them. */
function sheetChanges(category: unknown, before: Row, after: Row): string[] {
  const fields = (SPEC_FIELDS[category as Category] ?? []) as readonly SpecField[];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((id) => !same(before[id], after[id]))
    .map((id) => {
      const field = fields.find((f) => f.id === id);
      const value = (raw: unknown) =>
        raw === undefined ? T.empty_value : (specValueText(field, id, raw) ?? shown(id, raw));
      return T.change(field?.label ?? id, value(before[id]), value(after[id]));
    });
}

function rowChanges(before: Row, after: Row): string[] {
  const changes: string[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (QUIET.has(field) || same(before[field], after[field])) continue;
    if (field === 'description') changes.push(T.descriptionChanged);
    else if (field === 'specs') {
      changes.push(...sheetChanges(after.category, rowOf(before.specs), rowOf(after.specs)));
    } else {
      const label = T.columnNames[field] ?? field;
      changes.push(T.change(label, shown(field, before[field]), shown(field, after[field])));
    }
  }
  return changes;
}

/** A photo's changes but its position: a reorder moves positions and says so in one line. */
const photoChanges = (before: Row, after: Row) =>
  rowChanges({ ...before, position: null }, { ...after, position: null });

/** Whether an entry only moved a photo (public.set_product_photo_order writes one per photo). */
function photoMoveOnly(entry: AuditRow): boolean {
  return (
    entry.action === 'photo.update' &&
    photoChanges(rowOf(entry.before), rowOf(entry.after)).length === 0
  );
}

/**
 * The entries as the history shows them: the photos one reorder moved (one audit row each, all at
 * the transaction's time, by one person) become a single "Photo order changed".
 */
export function historyEntries(entries: AuditRow[]): AuditRow[] {
  return entries.filter((entry, i) => {
    const newer = entries[i - 1];
    return !(
      newer &&
      photoMoveOnly(entry) &&
      photoMoveOnly(newer) &&
      newer.at === entry.at &&
      newer.staff_id === entry.staff_id
    );
  });
}

/** Who made the change: the staff member, a deleted account, or the system (a migration). */
export function historyWho(entry: AuditRow): string {
  if (entry.staff_email) return entry.staff_email;
  return entry.staff_id ? T.deletedStaff : T.system;
}

/** What an entry did ("Changed") and the changes it made, one line each. */
export function historyWhat(entry: AuditRow): { action: string; changes: string[] } {
  const action = T.actions[entry.action] ?? entry.action;
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const variant = (row: Row) => T.variant(shown('color', row.color), shown('sku', row.sku));
  switch (entry.action) {
    case 'product.insert':
      return {
        action,
        changes: [
          T.createdAs(
            shown('name', after.name),
            shown('price_cents', after.price_cents),
            shown('status', after.status),
          ),
        ],
      };
    case 'variant.insert':
      return { action, changes: [variant(after)] };
    case 'variant.delete':
      return { action, changes: [variant(before)] };
    case 'photo.insert':
      return { action, changes: [shown('alt', after.alt)] };
    case 'photo.delete':
      return { action, changes: [shown('alt', before.alt)] };
    case 'photo.update':
      return photoMoveOnly(entry)
        ? { action: T.photoOrderChanged, changes: [] }
        : { action, changes: photoChanges(before, after) };
    case 'variant.update':
      return {
        action,
        changes: rowChanges(before, after).map((change) => `${shown('', after.color)}: ${change}`),
      };
    default:
      return { action, changes: rowChanges(before, after) };
  }
}
