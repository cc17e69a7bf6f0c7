// Values as the two database drivers return them, made alike for JSON answers: pg and PGlite both
// return timestamps as Date, and bytea as a Buffer (pg) or a Uint8Array (PGlite).

/** A timestamp as Supabase writes it (ISO 8601, UTC), or null. */
export function iso(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return new Date(value).toISOString();
  return null;
}

/** A bytea value as a Buffer, without copying the bytes. */
export function bytesOf(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('not a bytea value');
}
