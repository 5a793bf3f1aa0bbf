import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';

// The layer rules of docs/architecture.md 7 beyond the zones of eslint.config.js: what `app`,
// the service worker, `src/offline` and the server's migrations may import. eslint.config.js
// spreads this after its own entries.
//
// A flat config replaces a rule's options rather than adding to them, so zones given to
// `import-x/no-restricted-paths` here would drop those of eslint.config.js. The same plugin is
// therefore registered once more, as `layers`, and these zones are that rule's own; the import
// resolver is the one eslint.config.js sets for import-x (settings are shared).

// Every file and folder of src but src/offline, as it is: a new one is covered without an edit.
const OUTSIDE_OFFLINE = readdirSync(new URL('./src', import.meta.url))
  .filter((name) => name !== 'offline')
  .map((name) => `./src/${name}`);

const MIGRATIONS = './server/src/db/migrations';

export default [
  {
    plugins: { layers: importX },
    rules: {
      'layers/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/features',
              from: './src/app',
              message:
                '`app` composes the features, never the other way round: take what is needed as an argument or from a shared folder (docs/architecture.md 7).',
            },
            {
              target: './src/offline',
              from: './src/ui',
              message:
                '`src/offline` imports nothing of the UI: move what both need to `src/lib` (docs/architecture.md 7).',
            },
            {
              target: './src/sw.ts',
              from: ['./src/features', './src/routes', './src/app'],
              message:
                'The service worker imports no feature, route or `app`: its modules live in `src/offline` (docs/architecture.md 7).',
            },
            {
              target: OUTSIDE_OFFLINE,
              from: './src/offline/db.ts',
              message:
                'Only `src/offline` touches the Dexie database: read and write through its facades, e.g. device-outbox.ts (docs/architecture.md 7, "Storage").',
            },
            {
              target: MIGRATIONS,
              from: './server/src',
              except: ['./db/migrations'],
              message:
                'A migration is frozen: copy the code it needs into it as it is today, with a comment saying so (docs/architecture.md 7, "Server").',
            },
            {
              target: MIGRATIONS,
              from: './src',
              message:
                'A migration is frozen: copy the code it needs into it as it is today, with a comment saying so (docs/architecture.md 7, "Server").',
            },
          ],
        },
      ],
    },
  },
  // What a zone cannot say: a package. The folders documented as having no React import
  // neither React nor any hook (docs/architecture.md 1 "The parts", 7).
  {
    files: [
      'src/offline/**/*.{ts,tsx}',
      'src/hub/**/*.{ts,tsx}',
      'src/domain/**/*.{ts,tsx}',
      'shared/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message:
                'No React here: a hook goes to the feature or `src/ui` that uses it (docs/architecture.md 7).',
            },
            {
              regex: '.*',
              importNamePattern: '^use[A-Z]',
              message:
                'No hooks here: a hook goes to the feature or `src/ui` that uses it (docs/architecture.md 7).',
            },
          ],
        },
      ],
    },
  },
];
