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

/** Where a compiled line and column came from: a source as the map names it, zero-based. */
export interface Origin {
  source: string;
  line: number;
  column: number;
}

/** The value of each base64 digit of a mapping's VLQ numbers, by character code (-1: not one). */
const BASE64 = new Int8Array(128).fill(-1);
[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].forEach((c, i) => {
  BASE64[c.charCodeAt(0)] = i;
});

/**
 * A source map reduced to finding origins, its segments packed in one Int32Array (16 bytes each),
 * decoded in one pass over the mappings without an object per segment: node:module's SourceMap,
 * or a general decoder, makes an array of each, about 10 MB and 50-100 ms for the server's
 * largest chunk, whose map the first /healthz reads.
 */
export class CompactSourceMap {
  readonly #sources: string[];
  /** Per generated line, the index of its first segment; one more entry for the end. */
  readonly #lineStarts: Int32Array;
  /** [generated column, source index, line, column] for each segment that has an origin. */
  readonly #segments: Int32Array;

  constructor(map: { sources: (string | null)[]; mappings: string }) {
    this.#sources = map.sources.map((s) => s ?? '');
    const text = map.mappings;
    let lines = 1;
    let commas = 0;
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 59 /* ; */) lines += 1;
      else if (c === 44 /* , */) commas += 1;
    }
    const lineStarts = new Int32Array(lines + 1);
    const segments = new Int32Array((commas + lines) * 4);
    // Each field but the generated column runs on from segment to segment, across lines.
    let [column, source, originLine, originColumn] = [0, 0, 0, 0];
    let line = 0;
    let count = 0;
    let fields = 0;
    for (let at = 0; at <= text.length;) {
      const c = at < text.length ? text.charCodeAt(at) : 59; // the end closes the last segment
      if (c === 59 /* ; */ || c === 44 /* , */) {
        if (fields >= 4) {
          segments[4 * count] = column;
          segments[4 * count + 1] = source;
          segments[4 * count + 2] = originLine;
          segments[4 * count + 3] = originColumn;
          count += 1;
        }
        fields = 0;
        at += 1;
        if (c === 59 && at <= text.length) {
          lineStarts[++line] = count;
          column = 0; // the generated column starts again on each line
        }
        continue;
      }
      // A VLQ number: 5 bits a base64 digit, least significant first, 32 to go on; sign last.
      let value = 0;
      let shift = 0;
      let digit: number;
      do {
        const code = text.charCodeAt(at);
        digit = code < 128 ? BASE64[code]! : -1;
        if (digit < 0) throw new Error(`Invalid source map mappings at ${at}`);
        value |= (digit & 31) << shift;
        shift += 5;
        at += 1;
      } while (digit & 32);
      const delta = value & 1 ? -(value >>> 1) : value >>> 1;
      if (fields === 0) column += delta;
      else if (fields === 1) source += delta;
      else if (fields === 2) originLine += delta;
      else if (fields === 3) originColumn += delta;
      fields += 1;
    }
    lineStarts[lines] = count;
    this.#lineStarts = lineStarts;
    this.#segments = segments.subarray(0, count * 4);
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
    const at = found * 4;
    return {
      source: this.#sources[this.#segments[at + 1]!]!,
      line: this.#segments[at + 2]!,
      column: this.#segments[at + 3]!,
    };
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Rewrites `<dir>/<file>.js:line:column` in one formatted frame (`dir` as a path or a file URL) to
 * the source's path, line and column, with `mapOf` giving the map of a compiled file (or null).
 * The pattern is built once: Stripe's client formats a stack at every request.
 */
export function frameMapper(
  dir: string,
  mapOf: (file: string) => CompactSourceMap | null,
): (frame: string) => string {
  const dirs = [dir, pathToFileURL(dir).href].map(escape).join('|');
  const compiledFrame = new RegExp(`(?:${dirs})/([\\w.-]+\\.js):(\\d+):(\\d+)`);
  return (frame) =>
    frame.replace(compiledFrame, (whole, name: string, line: string, column: string) => {
      const origin = mapOf(path.join(dir, name))?.find(Number(line) - 1, Number(column) - 1);
      if (!origin) return whole;
      return `${path.resolve(dir, origin.source)}:${origin.line + 1}:${origin.column + 1}`;
    });
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
  const mapFrame = frameMapper(dir, mapOf);
  Error.prepareStackTrace = (error: Error, callSites: NodeJS.CallSite[]) => {
    let header: string;
    try {
      header = Error.prototype.toString.call(error);
    } catch {
      header = '<error>';
    }
    const frames = callSites.map((site) => `    at ${mapFrame(String(site))}`);
    return [header, ...frames].join('\n');
  };
}

if (!import.meta.filename.endsWith('.ts'))
  installSourceMaps(path.dirname(fileURLToPath(import.meta.url)));
