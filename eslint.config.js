import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

// The module map of src (docs/decisions/0013-module-map.md): which part may import which.
// An element is matched from the file's end, first descriptor first, so single files come
// before the folders that hold them.
const elements = [
  { type: 'catalogue', pattern: 'src/catalogue', mode: 'folder' },
  { type: 'contracts', pattern: 'src/contracts', mode: 'folder' },
  { type: 'sandbox-entry', pattern: 'src/payments-sandbox/index.ts', mode: 'file' },
  { type: 'sandbox-test-support', pattern: 'src/payments-sandbox/test-support.ts', mode: 'file' },
  { type: 'sandbox', pattern: 'src/payments-sandbox', mode: 'folder' },
  { type: 'server-test-entry', pattern: 'src/server/test-support/index.ts', mode: 'file' },
  { type: 'server-test-support', pattern: 'src/server/test-support', mode: 'folder' },
  // The order lifecycle's module, reached from the rest of the server through its index only.
  { type: 'server-orders', pattern: 'src/server/orders', mode: 'folder' },
  { type: 'server', pattern: 'src/server', mode: 'folder' },
  { type: 'web-entry', pattern: 'src/web/main.tsx', mode: 'file' },
  // The server-rendered pages (docs/decisions/0049-server-rendered-product-pages.md): the server
  // reaches the web app through their render entry only.
  { type: 'web-render', pattern: 'src/web/pages/render.tsx', mode: 'file' },
  { type: 'web-pages', pattern: 'src/web/pages', mode: 'folder' },
  { type: 'web-app', pattern: 'src/web/app', mode: 'folder' },
  { type: 'web-feature', pattern: 'src/web/features/*', mode: 'folder', capture: ['feature'] },
  { type: 'web-shared', pattern: 'src/web/(components|lib|state)', mode: 'folder' },
  { type: 'tests', pattern: 'tests', mode: 'folder' },
];

const sandbox = ['sandbox', 'sandbox-entry', 'sandbox-test-support'];
const server = ['server', 'server-orders', 'server-test-support', 'server-test-entry'];
const web = {
  entry: ['web-entry', 'web-app', 'web-feature', 'web-shared'],
  // Features never import each other: they are composed in web/app.
  app: ['web-app', 'web-feature', 'web-shared'],
  feature: ['web-shared', ['web-feature', { feature: '${from.feature}' }]],
  shared: ['web-shared'],
};
const webBase = ['catalogue', 'contracts'];

/**
 * Who may import whom; the flags add what only test code may reach. Anything else is an error,
 * an import of a project file outside the map (tests/, a script, a benchmark) included.
 */
function moduleMap({ serverTests = false, webTests = false } = {}) {
  const serverTestOnly = serverTests ? ['sandbox-test-support', 'server-test-entry'] : [];
  const webTestOnly = webTests ? ['server-test-entry'] : [];
  return [
    'error',
    {
      default: 'disallow',
      rules: [
        { from: ['catalogue'], allow: ['catalogue'] },
        { from: ['contracts'], allow: ['contracts'] },
        { from: sandbox, allow: sandbox },
        {
          from: ['server', 'server-orders'],
          allow: [
            'server',
            'server-orders',
            'catalogue',
            'contracts',
            'sandbox-entry',
            'web-render',
            ...serverTestOnly,
          ],
        },
        {
          from: ['server-test-support', 'server-test-entry'],
          allow: [...server, 'catalogue', 'contracts', 'sandbox-entry', 'sandbox-test-support'],
        },
        { from: ['web-entry'], allow: [...web.entry, ...webBase, ...webTestOnly] },
        {
          from: ['web-render', 'web-pages'],
          allow: ['web-pages', ...web.app, ...webBase, ...webTestOnly],
        },
        { from: ['web-app'], allow: [...web.app, ...webBase, ...webTestOnly] },
        { from: ['web-feature'], allow: [...web.feature, ...webBase, ...webTestOnly] },
        { from: ['web-shared'], allow: [...web.shared, ...webBase, ...webTestOnly] },
      ],
    },
  ];
}

const testFiles = ['**/*.test.{ts,tsx}', '**/*.testing.{ts,tsx}'];

// Pure catalogue logic: no I/O (Node's modules, databases, HTTP) and no React.
const ioAndReact = [
  ...builtinModules.flatMap((name) => [name, `${name}/*`]),
  'node:*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'wouter',
  'pg',
  '@electric-sql/*',
  'hono',
  'hono/*',
  '@hono/*',
  '@supabase/*',
  'stripe',
  'pino',
];

// Web file names (ADR 0013): a file that exists for one component is named after it, PascalCase
// (CartPage.tsx exports CartPage); every other file is kebab-case (cart-store.ts, use-toast.ts,
// hash-link.tsx with its two components). check-file keeps the cases; this rule ties them to the
// exports, which a file-name pattern cannot see.
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$/;

/** The names of the values a module exports (types left out), `default` for an anonymous one. */
function exportedValues(program) {
  const names = [];
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration;
      names.push(
        declaration.type === 'Identifier' ? declaration.name : (declaration.id?.name ?? 'default'),
      );
    } else if (node.type === 'ExportNamedDeclaration' && node.exportKind !== 'type') {
      const declaration = node.declaration;
      if (declaration?.type === 'VariableDeclaration') {
        for (const { id } of declaration.declarations) {
          if (id.type === 'Identifier') names.push(id.name);
        }
      } else if (declaration?.id && /^(Function|Class)Declaration$/.test(declaration.type)) {
        names.push(declaration.id.name);
      }
      for (const spec of node.specifiers) {
        if (spec.exportKind !== 'type') names.push(spec.exported.name);
      }
    }
  }
  return names;
}

const componentFileName = {
  meta: {
    type: 'suggestion',
    messages: {
      namesake: '{{file}} is PascalCase, so it must export the component {{file}}.',
      oneComponent: '{{file}} exports only the component {{component}}: name it {{component}}.tsx.',
    },
    schema: [],
  },
  create(context) {
    return {
      Program(program) {
        const file = context.filename.split(/[\\/]/).pop().split('.')[0];
        const values = exportedValues(program);
        const components = values.filter((name) => PASCAL.test(name));
        if (PASCAL.test(file)) {
          if (!values.includes(file)) {
            context.report({ node: program, messageId: 'namesake', data: { file } });
          }
        } else if (values.length === 1 && components.length === 1) {
          const [component] = components;
          context.report({ node: program, messageId: 'oneComponent', data: { file, component } });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: { 'boundaries/elements': elements },
    rules: {
      'boundaries/element-types': moduleMap(),
      // App reaches a feature only through its index; the server reaches orders through its
      // index (ADR 0048).
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['web-feature'], disallow: ['**'] },
            { target: ['web-feature'], allow: ['index.ts', 'index.tsx'] },
            { target: ['server-orders'], disallow: ['**'] },
            { target: ['server-orders'], allow: ['index.ts'] },
          ],
        },
      ],
    },
  },
  {
    files: testFiles.map((glob) => `src/server/${glob}`),
    rules: { 'boundaries/element-types': moduleMap({ serverTests: true }) },
  },
  {
    files: testFiles.map((glob) => `src/web/${glob}`),
    rules: { 'boundaries/element-types': moduleMap({ webTests: true }) },
  },
  {
    files: ['src/catalogue/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ioAndReact,
              message: 'src/catalogue is pure: no I/O and no React (ADR 0013).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'check-file': checkFile },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The part before the first dot: ListPage.test.tsx is checked as ListPage.
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/web/**/*.ts': 'KEBAB_CASE',
          'src/web/**/*.tsx': `@(${'+([A-Z])*([a-zA-Z0-9])'}|${'+([a-z])*([a-z0-9])*(-+([a-z0-9]))'})`,
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ignores: testFiles,
    plugins: { keebshop: { rules: { 'component-file-name': componentFileName } } },
    rules: { 'keebshop/component-file-name': 'error' },
  },
);
