/**
 * A start-up failure the operator can fix (a port in use, an unreachable database, a damaged
 * DATA_DIR): main.ts prints its message, one line naming the thing and the cause, and exits 1.
 * Anything else is a bug and keeps its stack.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** `err`'s code (ECONNREFUSED, EADDRINUSE, a SQLSTATE...) when it has one. */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `err`'s message on one line. */
export function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s+/g, ' ').trim();
}
