import type { AvailabilityKind } from '../../../../contracts/availability.ts';
import type { AvailabilityRow, AvailabilityValues } from './availability-api.ts';
import { AVAILABILITY_TEXT as T } from './availability-texts.ts';

// The Availability section as typed, and its check: the CHECKs of public.product_availability
// said at their fields before the server refuses them. Times are typed in datetime-local inputs,
// which have no zone: they are the staff member's local time, stored as instants (timestamptz).

export type SoldAs = 'in_stock' | AvailabilityKind;

export interface AvailabilityDraft {
  kind: SoldAs;
  /** YYYY-MM-DD, as date inputs give them. */
  shipsFrom: string;
  shipsBy: string;
  cap: string;
  /** YYYY-MM-DDTHH:mm in the staff member's time zone, as datetime-local inputs give them. */
  startsAt: string;
  endsAt: string;
  moq: string;
}

export type AvailabilityField = Exclude<keyof AvailabilityDraft, 'kind'>;
export type AvailabilityErrors = Partial<Record<AvailabilityField, string>>;

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** An instant as a datetime-local input shows it, in this browser's time zone. */
export function localInputOf(iso: string): string {
  const d = new Date(iso);
  return `${localDay(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO instant; null if it is not one. */
export function instantOf(local: string): string | null {
  // Without an offset, ECMAScript reads a date-time as local time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function dayOf(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text) ? text : null;
}

/** A whole number from 1 to 1,000,000 (the table's range for cap and moq); null if not. */
function wholeOf(text: string): number | null {
  const digits = text.trim().replace(/,/g, '');
  if (!/^\d{1,7}$/.test(digits)) return null;
  const n = Number(digits);
  return n >= 1 && n <= 1_000_000 ? n : null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The first ship day a group buy ending at `endsAt` allows. The database compares ships_from with
 * ends_at::date in its own zone (UTC), staff think of their own day: the later of the two, so what
 * passes here is never refused there.
 */
export function earliestShipDay(endsAt: string): string {
  const utc = endsAt.slice(0, 10);
  const local = localDay(new Date(endsAt));
  return local > utc ? local : utc;
}

export function emptyDraft(kind: SoldAs = 'in_stock'): AvailabilityDraft {
  return { kind, shipsFrom: '', shipsBy: '', cap: '', startsAt: '', endsAt: '', moq: '' };
}

/** The draft of the saved row; none: in stock. */
export function draftOf(row: AvailabilityRow | null): AvailabilityDraft {
  if (!row) return emptyDraft();
  return {
    kind: row.kind,
    shipsFrom: row.ships_from,
    shipsBy: row.ships_by,
    cap: row.cap === null ? '' : String(row.cap),
    startsAt: row.starts_at ? localInputOf(row.starts_at) : '',
    endsAt: row.ends_at ? localInputOf(row.ends_at) : '',
    moq: row.moq === null ? '' : String(row.moq),
  };
}

/** The draft checked: its errors by field, or the row to save (null: in stock, no row). */
export function checkAvailability(
  draft: AvailabilityDraft,
): { ok: true; values: AvailabilityValues | null } | { ok: false; errors: AvailabilityErrors } {
  if (draft.kind === 'in_stock') return { ok: true, values: null };
  const errors: AvailabilityErrors = {};
  const shipsFrom = dayOf(draft.shipsFrom);
  const shipsBy = dayOf(draft.shipsBy);
  if (!shipsFrom) errors.shipsFrom = T.errors.date;
  if (!shipsBy) errors.shipsBy = T.errors.date;
  else if (shipsFrom && shipsBy < shipsFrom) errors.shipsBy = T.errors.shipsBy;
  const cap = draft.cap.trim() === '' ? null : wholeOf(draft.cap);
  if (cap === null && draft.cap.trim() !== '') errors.cap = T.errors.whole;

  let run: Pick<AvailabilityValues, 'starts_at' | 'ends_at' | 'moq'> = {
    starts_at: null,
    ends_at: null,
    moq: null,
  };
  if (draft.kind === 'group_buy') {
    const startsAt = instantOf(draft.startsAt);
    const endsAt = instantOf(draft.endsAt);
    const moq = wholeOf(draft.moq);
    if (!startsAt) errors.startsAt = T.errors.dateTime;
    if (!endsAt) errors.endsAt = T.errors.dateTime;
    else if (startsAt && endsAt <= startsAt) errors.endsAt = T.errors.endsAt;
    if (moq === null) errors.moq = T.errors.whole;
    else if (cap !== null && cap < moq) errors.cap = T.errors.capBelowMoq;
    if (endsAt && shipsFrom && shipsFrom < earliestShipDay(endsAt)) {
      const earliest = earliestShipDay(endsAt);
      errors.shipsFrom = T.errors.shipsFrom(dayFormat.format(new Date(`${earliest}T00:00:00Z`)));
    }
    run = { starts_at: startsAt, ends_at: endsAt, moq };
  }
  if (Object.keys(errors).length > 0 || !shipsFrom || !shipsBy) return { ok: false, errors };
  return {
    ok: true,
    values: { kind: draft.kind, ships_from: shipsFrom, ships_by: shipsBy, cap, ...run },
  };
}
