// The page renderer (src/web/pages/render.tsx) imports its components' styles. The compiled server
// bundles those imports as empty modules (scripts/build-server.mjs) and Vitest handles them itself;
// a server run from its TypeScript sources under tsx (the forked test servers, the benchmarks)
// would fail on them with "Unknown file extension .css". There, they become empty modules too.
import { register } from 'node:module';

const CSS_AS_EMPTY = `export function load(url, context, next) {
  if (!url.endsWith('.css')) return next(url, context);
  return { format: 'module', source: '', shortCircuit: true };
}`;

let registered = false;

/** Makes `.css` imports empty modules in this process, once; only needed when run from source. */
export function ignoreCssImports(): void {
  if (registered || !import.meta.url.endsWith('.ts') || process.env.VITEST) return;
  registered = true;
  register(`data:text/javascript,${encodeURIComponent(CSS_AS_EMPTY)}`);
}
