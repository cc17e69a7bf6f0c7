import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pageShell } from './scripts/page-shell.ts';
import { keepPreviousBuild } from './scripts/keep-previous-build.ts';
import { precompress } from './scripts/precompress.ts';

// The shell of the pages the server renders (product and category pages, served from dist/pages;
// docs/decisions/0049-server-rendered-product-pages.md): one script that hydrates them, and their
// styles. A build of its own: beside the web app's entry in one build, the app's first-load chunk
// would take in these pages' modules, or be cut into many small files.
export default defineConfig({
  root: 'src/web',
  base: '/keebshop/',
  // The pages' styles inline in page.html: they paint with the HTML (scripts/page-shell.ts).
  plugins: [react(), keepPreviousBuild(), precompress(), pageShell()],
  publicDir: false,
  build: {
    outDir: '../../dist/pages',
    // Served at /keebshop/page-assets/, apart from the web app's /keebshop/assets/.
    assetsDir: 'page-assets',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { page: 'src/web/page.html' },
      // The web app's own modules do nothing when imported but export: what these pages do not
      // use of a feature (the list page beside the product page) is left out, with its styles.
      // Packages and styles keep what their imports do.
      treeshake: {
        moduleSideEffects: (id: string, external: boolean) =>
          external || id.includes('/node_modules/') || !/\.(ts|tsx)$/.test(id),
      },
    },
  },
});
