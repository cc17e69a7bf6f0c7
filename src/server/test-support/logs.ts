import { createLogger, type Logger } from '../http/logger.ts';

/** One JSON log line of the app, parsed. */
export type LogEntry = Record<string, unknown>;

/**
 * A logger keeping warnings and errors in `logs` for tests to read; errors also reach
 * console.error, which fails a test unless it expects them.
 */
export function capturedLogger(logs: LogEntry[]): Logger {
  return createLogger({
    level: 'warn',
    destination: {
      write(line) {
        const entry = JSON.parse(line) as LogEntry;
        logs.push(entry);
        if (typeof entry.level === 'number' && entry.level >= 50) console.error(line.trimEnd());
      },
    },
  });
}
