import { pino, type Logger } from 'pino';

export type { Logger };

export interface LoggerOptions {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Where JSON lines go; standard output when omitted. */
  destination?: { write(line: string): void };
}

/** The server's JSON logger (one object per line, ISO times). */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  // Buffered (not one write per line): a synchronous write per request shows up in profiles of the
  // order-history benchmark. pino flushes what is buffered when the process exits.
  return pino(settings, options.destination ?? pino.destination({ dest: 1, sync: false }));
}

/**
 * The logger used when none is given (tests, tools): request lines are dropped and errors go to
 * console.error, so the test setup that fails on unexpected console.error still catches crashes.
 */
export function createQuietLogger(): Logger {
  return createLogger({
    level: 'error',
    destination: { write: (line) => console.error(line.trimEnd()) },
  });
}
