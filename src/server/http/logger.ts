import { pino, type Logger } from 'pino';
import { redactFields, redactText, serializeError } from './log-redact.ts';

export type { Logger };

export interface LoggerOptions {
  level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent';
  /** Where JSON lines go; standard output when omitted. */
  destination?: { write(line: string): void };
}

// pino's isoTime, made once per millisecond: under load several lines share one, and
// toISOString() showed in profiles of the order-history benchmark.
let lastMs = -1;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/** The server's JSON logger (one object per line, ISO times). */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    level: options.level,
    base: undefined,
    timestamp: isoTime,
    // Never SQL, bound parameters or credentials, whatever a caller logs (log-redact.ts).
    serializers: { err: serializeError },
    formatters: { log: (fields: Record<string, unknown>) => redactFields(fields) },
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: Logger['info']) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as typeof args,
        );
      },
    },
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
