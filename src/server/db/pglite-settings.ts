// How the embedded database (PGlite) uses memory: its environment variables, read by config.ts,
// and what they become when PGlite starts (docs/operations.md, Memory).
import v8 from 'node:v8';
import { z } from 'zod';

export interface PgliteSettings {
  /** PostgreSQL's shared_buffers, MB (PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb: number;
  /** PGLITE_OPTIMIZE_WASM: V8's optimizing compiler for PGlite's hot functions, besides Liftoff. */
  optimizeWasm: boolean;
}

export const DEFAULT_PGLITE_SETTINGS: PgliteSettings = {
  sharedBuffersMb: 16,
  optimizeWasm: false,
};

export const pgliteEnvShape = {
  /** PostgreSQL's page cache inside PGlite; WebAssembly memory, so never given back. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** Optimized machine code for PGlite's hot functions: faster queries, more memory. */
  PGLITE_OPTIMIZE_WASM: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
};

export function pgliteSettingsFrom(e: {
  PGLITE_SHARED_BUFFERS_MB: number;
  PGLITE_OPTIMIZE_WASM: boolean;
}): PgliteSettings {
  return { sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB, optimizeWasm: e.PGLITE_OPTIMIZE_WASM };
}

/**
 * PGlite's start parameters with the settings added. On the command line: PGlite's postgresqlconf
 * option would replace the data directory's postgresql.conf, initdb's settings with it.
 */
export function pgliteStartParams(defaults: readonly string[], s: PgliteSettings): string[] {
  return [...defaults, '-c', `shared_buffers=${s.sharedBuffersMb}MB`];
}

/**
 * Chooses how V8 compiles the WebAssembly compiled after this call (PGlite's, the process's only
 * large module). Liftoff alone, the baseline compiler, leaves out the optimized copy of every hot
 * function: about 60 MB less resident, for queries that run about a fifth slower.
 */
export function chooseWasmCompiler(s: PgliteSettings): void {
  v8.setFlagsFromString(s.optimizeWasm ? '--no-liftoff-only' : '--liftoff-only');
}
