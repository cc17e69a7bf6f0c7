import { formatPrice } from './format.ts';
import { AUDIT_ACTIONS, ADMIN_TEXT as T } from './texts.ts';
import type { AuditRow } from './types.ts';

/** A logged row (jsonb, before or after): the object it is, or no fields at all. */
export const rowOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const cents = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? NaN));

/** Who made an audit entry: the staff member, the payment provider, or a deleted account. */
export function auditWho(entry: AuditRow): string {
  if (entry.staff_email) return entry.staff_email;
  return entry.staff_id ? T.unknownStaff : T.provider;
}

/** What an audit entry did, with the shipment or amount it recorded when its snapshots say. */
export function auditWhat(entry: AuditRow): string {
  const label = AUDIT_ACTIONS[entry.action] ?? entry.action;
  const before = rowOf(entry.before);
  const after = rowOf(entry.after);
  const carrier = text(after.carrier);
  const tracking = text(after.tracking_number);
  if (carrier && tracking && before.tracking_number !== after.tracking_number) {
    return `${label}: ${carrier} ${tracking}`;
  }
  const refunded = cents(after.refunded_cents) - cents(before.refunded_cents);
  if (Number.isFinite(refunded) && refunded > 0) {
    const restocked = after.units_returned_to_stock === undefined ? '' : T.auditRestocked;
    return `${label}: ${formatPrice(refunded)}${restocked}`;
  }
  return label;
}
