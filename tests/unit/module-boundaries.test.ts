// The module map's lint rules (eslint.config.js, docs/decisions/0013-module-map.md) bite: each
// rule is run on a source that breaks it and on one that obeys it. The sources are linted as if
// they sat in tests/unit/module-map/, a small tree of stand-in files with the real layout of src,
// so the imports resolve whatever the real files are called or wherever they move.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const fixtureRoot = fileURLToPath(new URL('./module-map/', import.meta.url));
const configFile = fileURLToPath(new URL('../../eslint.config.js', import.meta.url));
const eslint = new ESLint({ cwd: fixtureRoot, overrideConfigFile: configFile });

const MODULE_MAP = 'boundaries/element-types';
const FEATURE_ENTRY = 'boundaries/entry-point';
const PURE = 'no-restricted-imports';

/** The rules a file at `filePath` with this code breaks; a file that does not parse is "fatal". */
async function brokenRulesOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) =>
    message.fatal ? 'fatal' : (message.ruleId ?? 'unknown'),
  );
}

/** The import rules a file at `filePath` breaks when it imports `source` (and uses it). */
async function brokenRules(filePath: string, source: string): Promise<string[]> {
  const code = `import * as dependency from '${source}';\nexport const used = dependency;\n`;
  const broken = await brokenRulesOf(filePath, code);
  // The stand-in's own name (App.tsx exporting `used`) is the naming test's business.
  return broken.filter(
    (rule) => rule.startsWith('boundaries/') || rule === PURE || rule === 'fatal',
  );
}

type Case = [file: string, imports: string];

function bites(rule: string, broken: Case[], kept: Case[]) {
  it.each(broken)('%s importing %s breaks it', async (file, source) => {
    expect(await brokenRules(file, source)).toEqual([rule]);
  });
  it.each(kept)('%s importing %s keeps it', async (file, source) => {
    expect(await brokenRules(file, source)).toEqual([]);
  });
}

describe('src/catalogue imports nothing of the project', () => {
  bites(
    MODULE_MAP,
    [
      ['src/catalogue/cart.ts', '../contracts/index.ts'],
      ['src/catalogue/cart.ts', '../web/lib/config.ts'],
    ],
    [['src/catalogue/cart.ts', './index.ts']],
  );
});

describe('src/catalogue does no I/O and uses no React', () => {
  bites(
    PURE,
    [
      ['src/catalogue/cart.ts', 'node:fs'],
      ['src/catalogue/cart.ts', 'fs/promises'],
      ['src/catalogue/cart.ts', 'http'],
      ['src/catalogue/cart.ts', 'react'],
      ['src/catalogue/cart.ts', 'react-dom/client'],
      ['src/catalogue/cart.test.ts', 'node:fs'],
    ],
    [['src/catalogue/cart.test.ts', 'vitest']],
  );
});

describe('src/payments-sandbox imports nothing of the project outside itself', () => {
  bites(
    MODULE_MAP,
    [
      ['src/payments-sandbox/api.ts', '../catalogue/index.ts'],
      ['src/payments-sandbox/api.ts', '../server/config.ts'],
    ],
    [
      ['src/payments-sandbox/index.ts', './api.ts'],
      ['src/payments-sandbox/test-support.ts', './index.ts'],
    ],
  );
});

describe('src/contracts imports nothing of the project', () => {
  bites(
    MODULE_MAP,
    [
      ['src/contracts/index.ts', '../catalogue/index.ts'],
      ['src/contracts/functions/checkout.ts', '../../web/lib/config.ts'],
      ['src/contracts/functions/checkout.ts', '../../server/config.ts'],
    ],
    [
      ['src/contracts/functions/checkout.ts', '../index.ts'],
      // Packages are not parts of the project: the schemas are zod/mini's.
      ['src/contracts/functions/checkout.ts', 'zod/mini'],
    ],
  );
});

describe('src/web imports the catalogue and the contracts only', () => {
  bites(
    MODULE_MAP,
    [
      ['src/web/lib/config.ts', '../../server/config.ts'],
      ['src/web/lib/config.ts', '../../payments-sandbox/index.ts'],
      ['src/web/app/App.tsx', '../../server/test-support/index.ts'],
      ['src/web/lib/shop.testing.tsx', '../../server/test-support/databases.ts'],
      ['src/web/state/cart-store.ts', '../app/routes.ts'],
      ['src/web/state/cart-store.ts', '../features/cart/index.ts'],
    ],
    [
      ['src/web/state/cart-store.ts', '../../catalogue/index.ts'],
      ['src/web/lib/config.ts', '../../contracts/index.ts'],
      ['src/web/features/cart/CartPage.tsx', '../../state/cart-store.ts'],
      // Test files only: the server's test-support entry.
      ['src/web/lib/shop.testing.tsx', '../../server/test-support/index.ts'],
      ['src/web/app/App.test.tsx', '../../server/test-support/index.ts'],
    ],
  );
});

describe('src/server imports the catalogue, the contracts and the sandbox entry only', () => {
  bites(
    MODULE_MAP,
    [
      ['src/server/app.ts', '../payments-sandbox/api.ts'],
      ['src/server/app.ts', '../payments-sandbox/test-support.ts'],
      ['src/server/app.ts', '../web/lib/config.ts'],
      ['src/server/app.test.ts', '../payments-sandbox/api.ts'],
      ['src/server/test-support/index.ts', '../../web/lib/config.ts'],
      // Production code never reaches the test support; tests only through its entry.
      ['src/server/app.ts', './test-support/index.ts'],
      ['src/server/app.test.ts', './test-support/databases.ts'],
    ],
    [
      ['src/server/app.ts', '../catalogue/index.ts'],
      ['src/server/app.ts', '../contracts/index.ts'],
      ['src/server/app.ts', '../payments-sandbox/index.ts'],
      // Test code only: the sandbox's test support.
      ['src/server/app.test.ts', '../payments-sandbox/test-support.ts'],
      ['src/server/test-support/index.ts', '../../payments-sandbox/test-support.ts'],
      ['src/server/app.test.ts', './test-support/index.ts'],
    ],
  );
});

describe('the server reaches the web app through its page renderer only', () => {
  bites(
    MODULE_MAP,
    [
      ['src/server/pages/answers.ts', '../../web/pages/ShopPage.tsx'],
      ['src/server/pages/answers.ts', '../../web/features/browse/index.ts'],
      ['src/web/pages/ShopPage.tsx', '../../server/config.ts'],
    ],
    [
      ['src/server/compose.ts', '../web/pages/render.tsx'],
      ['src/web/pages/render.tsx', './ShopPage.tsx'],
      ['src/web/pages/ShopPage.tsx', '../features/browse/index.ts'],
      ['src/web/pages/ShopPage.tsx', '../app/routes.ts'],
    ],
  );
});

describe('features never import each other; they are composed in web/app', () => {
  bites(
    MODULE_MAP,
    [
      ['src/web/features/browse/ListPage.tsx', '../cart/index.ts'],
      ['src/web/features/browse/ListPage.test.tsx', '../cart/index.ts'],
    ],
    [
      ['src/web/features/cart/CartPage.test.tsx', './CartPage.tsx'],
      ['src/web/app/routes.tsx', '../features/cart/index.ts'],
    ],
  );
});

describe('web/app reaches a feature through its index', () => {
  bites(
    FEATURE_ENTRY,
    [['src/web/app/routes.tsx', '../features/cart/CartPage.tsx']],
    [['src/web/app/routes.tsx', '../features/browse/index.ts']],
  );
});

describe('the server reaches the order lifecycle through its index only', () => {
  bites(
    FEATURE_ENTRY,
    [['src/server/app.ts', './orders/stock.ts']],
    [
      ['src/server/app.ts', './orders/index.ts'],
      // Inside the module, its files import each other.
      ['src/server/orders/index.ts', './stock.ts'],
    ],
  );
});

describe('nothing under src imports tests/', () => {
  bites(
    MODULE_MAP,
    [
      ['src/catalogue/cart.test.ts', '../../tests/helper.ts'],
      ['src/server/app.test.ts', '../../tests/helper.ts'],
      ['src/server/test-support/index.ts', '../../../tests/helper.ts'],
      ['src/web/lib/shop.testing.tsx', '../../../tests/helper.ts'],
    ],
    [],
  );
});

describe('src imports no project file outside the map', () => {
  bites(MODULE_MAP, [['src/server/app.ts', '../../bench/run.ts']], []);
});

describe('web files: a component file is PascalCase, any other kebab-case', () => {
  const CASE = 'check-file/filename-naming-convention';
  const COMPONENT = 'keebshop/component-file-name';
  const store = 'export const cartStore = { lines: [] };\n';
  const page = 'export function CartPage() {\n  return <h1>Cart</h1>;\n}\n';
  const links =
    'export function Link() {\n  return <a href="#/home">Home</a>;\n}\nexport const Redirect = Link;\n';
  const cases: [rule: string | null, file: string, code: string][] = [
    [CASE, 'src/web/state/cartStore.ts', store],
    [CASE, 'src/web/state/CartStore.ts', store],
    [CASE, 'src/web/features/cart/cartPage.tsx', links],
    [CASE, 'src/web/features/cart/cartPage.test.tsx', page],
    [COMPONENT, 'src/web/features/cart/cart-page.tsx', page],
    [COMPONENT, 'src/web/features/cart/ShoppingCart.tsx', page],
    [COMPONENT, 'src/web/lib/HashLink.tsx', links],
    [null, 'src/web/state/cart-store.ts', store],
    [null, 'src/web/features/cart/CartPage.tsx', page],
    [null, 'src/web/features/cart/CartPage.test.tsx', page],
    [null, 'src/web/features/cart/cart-page.testing.tsx', page],
    [null, 'src/web/lib/hash-link.tsx', links],
  ];
  it.each(cases)('%s: %s', async (rule, file, code) => {
    expect(await brokenRulesOf(file, code)).toEqual(rule ? [rule] : []);
  });
});
