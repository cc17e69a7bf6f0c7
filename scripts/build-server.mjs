// Compiles the server into dist/server (docs/decisions/0033-compiled-server.md): one ESM bundle of
// src/server/main.ts and one of the development mailbox's child process, for Node 20, with the
// packages in node_modules left as imports (argon2's native module, PGlite's wasm and every SDK
// load from there as they always do) and source maps, so stack traces name src/ lines. Used by
// `npm run build` and scripts/build-if-stale.mjs; run directly it exits with the build's status.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildPgdataTemplate } from './build-pgdata-template.mjs';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutDir = path.join(root, 'dist/server');

/** The compiled entries, by output name (dist/server/<name>.js). */
const entryPoints = {
  main: 'src/server/main.ts',
  'mailbox-process': 'src/server/mail/mailbox-process.ts',
};

/**
 * The packages compiled into the bundle: ES modules the server loads before it answers, each of
 * many files, which Node would otherwise resolve and compile one by one at every start (about
 * 200 ms of a restart; docs/decisions/0033-compiled-server.md, "Addendum: packages in the
 * bundle"). Every other package stays in node_modules and loads from there: argon2's native
 * module, PGlite's wasm and data files, maildev and nodemailer (in the mailbox's child, and after
 * start-up), and CommonJS packages, which an ES module bundle could not `require` from.
 */
export const BUNDLED_PACKAGES = ['hono', '@hono/node-server', 'jose', 'zod', 'stripe'];

/** Leaves every package import to Node but those of BUNDLED_PACKAGES. */
const onlyBundledPackages = {
  name: 'only-bundled-packages',
  setup(build) {
    // Bare specifiers: packages and Node's built-in modules (not relative paths, nor #imports).
    build.onResolve({ filter: /^[^./#]/ }, (args) => {
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      return BUNDLED_PACKAGES.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/** The server's esbuild options, into `outdir`, written by the caller (write: false). */
export function serverBuildOptions(outdir = serverOutDir) {
  return {
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [onlyBundledPackages],
    // The web app's page renderer (src/web/pages/render.tsx) imports its components' styles, which
    // the built pages link from dist/pages: nothing of them belongs in the server.
    loader: { '.css': 'empty' },
    // Modules imported dynamically (src/server/shop-modules.ts) become chunks that load when
    // imported; beside the entries, so every file sits two directories below the root.
    splitting: true,
    chunkNames: '[name]-[hash]',
    sourcemap: true,
    // Stack traces need the mappings only; the sources are in the repository. Without their text
    // the maps are less than half the size, and the first trace through a chunk reads them faster.
    sourcesContent: false,
    // Names stay readable in logs and stack traces; the bundle is read from disk, not a network.
    minify: false,
    write: false,
    logLevel: 'warning',
  };
}

/**
 * Bundles the server into dist/server; resolves with 0, or 1 on errors. Each file is written beside
 * its place and renamed over it, so a server starting meanwhile (tests and benchmarks rebuild when
 * stale, some at once) reads the old file or the new one, never half of one.
 */
export async function buildServer() {
  let result;
  try {
    result = await build(serverBuildOptions());
  } catch {
    // esbuild has printed the errors.
    return 1;
  }
  mkdirSync(serverOutDir, { recursive: true });
  // Before the entry, so a build that stops here is still stale (build-if-stale.mjs).
  const made = await buildPgdataTemplate(root, serverOutDir);
  if (made) console.log(made);
  // The entry last: build-if-stale.mjs compares the sources with main.js's time.
  const files = result.outputFiles.sort(
    (a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  pruneOlderBuilds(files.map((f) => path.basename(f.path)));
  return 0;
}

/** The files of the last build (as dist/web keeps its own: scripts/keep-previous-build.ts). */
const LEDGER = path.join(serverOutDir, '.last-build.json');

/**
 * Deletes the files of builds before the previous one: a server started just before this build
 * may still import the previous build's chunks, never older ones.
 */
function pruneOlderBuilds(current) {
  let previous = [];
  try {
    previous = JSON.parse(readFileSync(LEDGER, 'utf8'));
  } catch {
    // First build here, or an unreadable ledger: keep everything this time.
    previous = readdirSync(serverOutDir);
  }
  const keep = new Set([...current, ...previous, path.basename(LEDGER)]);
  for (const name of readdirSync(serverOutDir)) {
    // The PGlite template is kept from build to build (build-pgdata-template.mjs).
    if (keep.has(name) || name.endsWith('.tmp') || name.startsWith('pgdata-template')) continue;
    rmSync(path.join(serverOutDir, name));
  }
  writeFileSync(LEDGER, `${JSON.stringify(current)}\n`);
}

const isEntry = (file) => path.basename(file) === 'main.js';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(await buildServer());
}
