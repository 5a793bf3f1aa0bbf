import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['session', 'organizations', 'residences', 'assessment', 'results', 'bulk', 'guidance'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'src/routeTree.gen.ts', 'playwright-report', 'test-results'] },
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
            // No feature imports another (STYLE.md, after bulletproof-react).
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
            })),
            // Shared folders never import features, routes or the app.
            ...['api', 'offline', 'hub', 'domain', 'ui', 'i18n', 'lib'].map((shared) => ({
              target: `./src/${shared}`,
              from: ['./src/features', './src/routes', './src/app'],
            })),
            // Pure rules: no React, no I/O, nothing but other rules.
            { target: './src/domain', from: './src', except: ['./domain'] },
            // The server shares only pure rules, texts and DTO types with the app.
            {
              target: './server',
              from: './src',
              except: ['./domain', './i18n', './api/static-content.ts', './api/dto.ts'],
            },
          ],
        },
      ],
    },
  },
);
