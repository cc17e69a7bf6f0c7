/**
 * Why the database cannot do its work right now, as opposed to a bug: `unavailable` while it is
 * unreachable, restarting or out of connections or memory, `storage_full` when its disk is full.
 * Both pass by themselves (or once an operator frees space), so clients get a 503 and retry.
 */
export type Unavailability = 'unavailable' | 'storage_full';

// SQLSTATEs (PostgreSQL's appendix "Error Codes"): class 08 connection exceptions, class 53
// insufficient resources (53100 disk_full), and the operator interventions of a shutdown, a crash
// restart and a server that is still starting.
const DISK_FULL = '53100';
const SHUTTING_DOWN = new Set(['57P01', '57P02', '57P03']);

// Socket errors of a connection that cannot be made or was cut.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// What pg throws without a code when a connection ends or cannot be had in time.
const PG_CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

function codeOf(err: object): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `err` means the database is unavailable for now (and how), or undefined for anything else. */
export function unavailabilityOf(err: unknown): Unavailability | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = codeOf(err);
  if (code === DISK_FULL || code === 'ENOSPC') return 'storage_full';
  if (code !== undefined) {
    if (code.startsWith('08') && code.length === 5) return 'unavailable';
    if (code.startsWith('53') && code.length === 5) return 'unavailable';
    if (SHUTTING_DOWN.has(code) || SOCKET_CODES.has(code)) return 'unavailable';
  }
  // Connecting to a host name with several addresses fails with one error per address.
  if (err instanceof AggregateError && err.errors.some((e) => unavailabilityOf(e))) {
    return 'unavailable';
  }
  if (err instanceof Error && code === undefined && PG_CONNECTION_MESSAGES.test(err.message)) {
    return 'unavailable';
  }
  return undefined;
}

/** An error the app answers as the database's full disk (503 "temporarily unable to save"). */
export function diskFullError(message: string): Error {
  return Object.assign(new Error(message), { code: DISK_FULL });
}
