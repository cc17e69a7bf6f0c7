// Stack traces of the compiled server name src/ lines (docs/decisions/0033-compiled-server.md).
// Node's --enable-source-maps would do it, but parses the map of every module it loads, PGlite's
// megabytes included: about half a second of start-up. This reads only the maps of the compiled
// files (dist/server/*.js), each when a stack trace first shows one of its lines. A no-op when the
// TypeScript sources run (tsx and Vitest map their own).
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites `<dir>/<file>.js:line:column` in one formatted frame (`dir` as a path or a file URL) to
 * the source's path, line and column, with `mapOf` giving the map of a compiled file (or null).
 */
export function mapFrame(
  frame: string,
  dir: string,
  mapOf: (file: string) => SourceMap | null,
): string {
  const dirs = [dir, pathToFileURL(dir).href].map(escape).join('|');
  return frame.replace(
    new RegExp(`(?:${dirs})/([\\w.-]+\\.js):(\\d+):(\\d+)`),
    (whole, name: string, line: string, column: string) => {
      const map = mapOf(path.join(dir, name));
      const entry = map?.findEntry(Number(line) - 1, Number(column) - 1) as
        { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
      if (entry?.originalSource === undefined || entry.originalLine === undefined) return whole;
      const source = path.resolve(dir, entry.originalSource);
      return `${source}:${entry.originalLine + 1}:${(entry.originalColumn ?? 0) + 1}`;
    },
  );
}

/** Maps the frames of the compiled files in `dir` (each map beside its file) in every trace. */
export function installSourceMaps(dir: string): void {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))));
      } catch {
        maps.set(file, null); // No map beside it: its frames stay as they are.
      }
    }
    return maps.get(file) ?? null;
  };
  Error.prepareStackTrace = (error: Error, callSites: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    const frames = callSites.map((site) => `    at ${mapFrame(String(site), dir, mapOf)}`);
    return [header, ...frames].join('\n');
  };
}

if (!import.meta.filename.endsWith('.ts'))
  installSourceMaps(path.dirname(fileURLToPath(import.meta.url)));
