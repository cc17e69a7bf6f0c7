import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

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
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, boundaries },
    settings: {
      'boundaries/include': ['src/web/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/web/app', mode: 'folder' },
        { type: 'feature', pattern: 'src/web/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'shared', pattern: 'src/web/(components|lib)', mode: 'folder' },
        { type: 'entry', pattern: 'src/web/main.tsx', mode: 'file' },
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Imports flow one way: shared -> features -> app. A feature reaches another only through its index.
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'entry', allow: ['app', 'shared', 'feature'] },
            { from: 'app', allow: ['app', 'feature', 'shared'] },
            {
              from: 'feature',
              allow: ['shared', ['feature', { feature: '${from.feature}' }], 'feature'],
            },
            { from: 'shared', allow: ['shared'] },
          ],
        },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['feature'], disallow: ['**'] },
            { target: ['feature'], allow: ['index.ts', 'index.tsx'] },
          ],
        },
      ],
    },
  },
);
