import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { keepPreviousBuild } from './scripts/keep-previous-build.ts';
import { precompress } from './scripts/precompress.ts';
import { routePreload } from './scripts/route-preload.ts';
import { ROUTE_MODULES } from './src/web/app/route-modules.ts';

// The web app lives in src/web and is served by the Node server under /keebshop/.
export default defineConfig({
  root: 'src/web',
  base: '/keebshop/',
  // index.html preloads the chunks of the route in its hash before the entry runs; every asset
  // gets a Brotli copy for the server to send.
  plugins: [react(), keepPreviousBuild(), routePreload(ROUTE_MODULES), precompress()],
  publicDir: false,
  build: {
    outDir: '../../dist/web',
    // Running servers still serve the previous build's files: keepPreviousBuild() deletes older ones.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    // The polyfill only preloads in browsers without <link rel="modulepreload">; without it they
    // still load every chunk, and Vite's loader falls back to rel="preload". It cost home ~220 B.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is one chunk. Left alone, rolldown split React's
          // JSX runtime and its own interop helpers into a second first-load file (~230 B more).
          groups: [
            { name: 'index', tags: ['$initial'] },
            // wouter (with its dependencies) and the router scope around lazy pages: one request.
            {
              name: 'wouter-scope',
              test: /node_modules[\\/]wouter[\\/]|[\\/]app[\\/]WouterScope\.tsx$/,
            },
            // PostgREST's client, shared by the public reads and the full backend: only where
            // they load, never in the pages' shared chunk (docs/decisions/0039-public-reads-without-auth.md).
            { name: 'postgrest', test: /node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/ },
            { name: 'pages-shared', minShareCount: 2 },
          ],
        },
      },
    },
  },
});
