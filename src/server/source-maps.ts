// Stack traces of the compiled server name src/ lines (docs/decisions/0033-compiled-server.md).
// Node's --enable-source-maps would do it, but parses the map of every module it loads, PGlite's
// megabytes included: about half a second of start-up. This reads only the maps of the compiled
// files (dist/server/*.js), each when a stack trace first shows one of its lines, and keeps it
// compact: Stripe's client reads a stack trace at every request, so the map of the chunk holding
// the bundled packages is read at the first /healthz and held from then on. A no-op when the
// TypeScript sources run (tsx and Vitest map their own).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decode } from '@jridgewell/sourcemap-codec';

/** Where a compiled line and column came from: a source as the map names it, zero-based. */
export interface Origin {
  source: string;
  line: number;
  column: number;
}

/**
 * A source map reduced to finding origins, its segments packed in one Int32Array (16 bytes each).
 * node:module's SourceMap keeps an array per segment: about 10 MB for the server's largest chunk.
 */
export class CompactSourceMap {
  readonly #sources: string[];
  /** Per generated line, the index of its first segment; one more entry for the end. */
  readonly #lineStarts: Int32Array;
  /** [generated column, source index, line, column] for each segment that has an origin. */
  readonly #segments: Int32Array;

  constructor(map: { sources: (string | null)[]; mappings: string }) {
    this.#sources = map.sources.map((s) => s ?? '');
    const lines = decode(map.mappings);
    let count = 0;
    for (const line of lines) for (const segment of line) if (segment.length >= 4) count += 1;
    this.#lineStarts = new Int32Array(lines.length + 1);
    this.#segments = new Int32Array(count * 4);
    let at = 0;
    lines.forEach((line, i) => {
      this.#lineStarts[i] = at;
      // decode() gives each line's segments in column order.
      for (const segment of line) {
        if (segment.length < 4) continue;
        for (let k = 0; k < 4; k += 1) this.#segments[at * 4 + k] = segment[k]!;
        at += 1;
      }
    });
    this.#lineStarts[lines.length] = at;
  }

  /** The origin of the last segment of `line` starting at or before `column` (zero-based). */
  find(line: number, column: number): Origin | undefined {
    if (line < 0 || line >= this.#lineStarts.length - 1) return undefined;
    let low = this.#lineStarts[line]!;
    let high = this.#lineStarts[line + 1]! - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.#segments[mid * 4]! <= column) {
        found = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    if (found < 0) return undefined;
    const [, source, originLine, originColumn] = this.#segments.subarray(found * 4, found * 4 + 4);
    return { source: this.#sources[source!]!, line: originLine!, column: originColumn! };
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites `<dir>/<file>.js:line:column` in one formatted frame (`dir` as a path or a file URL) to
 * the source's path, line and column, with `mapOf` giving the map of a compiled file (or null).
 */
export function mapFrame(
  frame: string,
  dir: string,
  mapOf: (file: string) => CompactSourceMap | null,
): string {
  const dirs = [dir, pathToFileURL(dir).href].map(escape).join('|');
  return frame.replace(
    new RegExp(`(?:${dirs})/([\\w.-]+\\.js):(\\d+):(\\d+)`),
    (whole, name: string, line: string, column: string) => {
      const origin = mapOf(path.join(dir, name))?.find(Number(line) - 1, Number(column) - 1);
      if (!origin) return whole;
      return `${path.resolve(dir, origin.source)}:${origin.line + 1}:${origin.column + 1}`;
    },
  );
}

/** Maps the frames of the compiled files in `dir` (each map beside its file) in every trace. */
export function installSourceMaps(dir: string): void {
  const maps = new Map<string, CompactSourceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      try {
        const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<
          typeof CompactSourceMap
        >[0];
        maps.set(file, new CompactSourceMap(map));
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
