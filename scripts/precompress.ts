// A Vite plugin: a Brotli copy (`.br`, quality 11) beside every built JS, CSS and SVG file, which
// the server sends to browsers that accept br (src/server/web/static.ts; every current browser
// does, over HTTPS and on localhost). Compressing once at build time affords Brotli's slowest,
// smallest setting: the entry chunk is about 14% smaller than the gzip the server makes on the fly,
// and on a slow mobile network those bytes are most of the time to the first paint.
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg)$/;

/** `source` compressed as the `.br` file holds it. */
export function brotli(source: string | Uint8Array): Buffer {
  return brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export function precompress(): Plugin {
  return {
    name: 'keebshop:precompress',
    apply: 'build',
    // After Vite's own plugins have rewritten the chunks (their preload lists), so each copy holds
    // the final bytes; emitted into the bundle, so keepPreviousBuild() keeps and deletes them too.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!COMPRESSIBLE.test(file.fileName)) continue;
          const source = file.type === 'chunk' ? file.code : file.source;
          this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotli(source) });
        }
      },
    },
  };
}
