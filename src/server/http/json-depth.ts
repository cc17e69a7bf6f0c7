// A streaming check of how deeply a JSON text nests, made on the raw bytes before any parser sees
// them: a megabyte of `[[[[…` costs a parser (and everything that walks its result) far more than
// it costs the sender, so such a body is refused after its first few dozen bytes.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Counts `[`/`{` nesting over chunks of a JSON text, skipping brackets inside strings (escapes
 * included). UTF-8 continuation bytes are all >= 0x80, so they never look like these characters.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly maxDepth: number) {}

  /** Feeds the next bytes; false once the text has nested deeper than `maxDepth`. */
  push(bytes: Uint8Array): boolean {
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        if (++this.depth > this.maxDepth) return false;
      } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && this.depth > 0) {
        this.depth--;
      }
    }
    return true;
  }
}

/** Whether `text` nests no deeper than `maxDepth` (the scanner over a whole string). */
export function withinJsonDepth(text: string, maxDepth: number): boolean {
  return new JsonDepthScanner(maxDepth).push(new TextEncoder().encode(text));
}
