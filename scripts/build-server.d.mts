// Types of scripts/build-server.mjs for the TypeScript that imports it (tests/unit/server-bundle.test.ts).
import type { BuildOptions } from 'esbuild';

/** The packages compiled into the server's bundle; every other one loads from node_modules. */
export declare const BUNDLED_PACKAGES: readonly string[];
/** The server's esbuild options, into `outdir` (dist/server by default), not written. */
export declare function serverBuildOptions(outdir?: string): BuildOptions & { write: false };
/** Bundles the server into dist/server: 0, or 1 on errors. */
export declare function buildServer(): Promise<0 | 1>;
export declare const serverOutDir: string;
