import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint.boundaries.js';
import testsConfig from './eslint.tests.js';

// The layer boundaries follow the folders as they are: a new feature or shared folder is
// covered without editing this file (docs/architecture.md 7).
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersIn('./src/features');
const SHARED = foldersIn('./src').filter((name) => !['features', 'routes', 'app'].includes(name));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      '.data',
      'src/routeTree.gen.ts',
      'playwright-report',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // No feature imports another (docs/architecture.md 7, after bulletproof-react).
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
            })),
            // Shared folders never import features, routes or the app.
            ...SHARED.map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/routes', './src/app'],
            })),
            // Pure rules: no React, no I/O, nothing but other rules.
            { target: './src/domain', from: './src', except: ['./domain'] },
            // The server and the app share only what is in shared/ (the contract, the rules both
            // run, the Danish texts: docs/architecture.md 7); shared/ imports neither.
            { target: './server', from: './src' },
            { target: './shared', from: ['./src', './server'] },
          ],
        },
      ],
    },
  },
  // Files and functions of a size to hold in mind (docs/architecture.md 7 "Style"). Data is
  // exempt: the seed's residences and catalogue, the Danish texts; so are migrations, which are
  // frozen once released.
  {
    files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'shared/**/*.ts'],
    ignores: [
      'src/routeTree.gen.ts',
      'server/src/db/migrations/**',
      'server/src/db/seed/demo-residences.ts',
      'server/src/db/seed/catalogue/**',
      'shared/texts/**',
    ],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  ...boundaries,
  ...testsConfig,
);
