import jestDom from 'eslint-plugin-jest-dom';
import testingLibrary from 'eslint-plugin-testing-library';

// Testing Library and jest-dom rules for the component tests (tests/app): queries the way a
// user finds things, and matchers that say what a test means, e.g. toBeInTheDocument() rather
// than toBeTruthy() on a getBy… that throws before the assertion could fail. eslint.config.js
// spreads this after its own entries.
const files = ['tests/app/**/*.{ts,tsx}'];

export default [
  { ...testingLibrary.configs['flat/react'], files },
  { ...jestDom.configs['flat/recommended'], files },
  {
    files,
    rules: {
      // Vitest runs without globals, so Testing Library cannot register its own afterEach:
      // the afterEach(cleanup) in each file is what unmounts between tests.
      'testing-library/no-manual-cleanup': 'off',
      // Our render… helpers mostly return a router or an element, not a render result, and a
      // test that renders twice names each result for what it holds (first, summary, waiting).
      'testing-library/render-result-naming-convention': 'off',
    },
  },
  {
    // These test the markup itself, which no role or text reaches: no <header> inside a dialog,
    // the list after the "ikke egnet for" label (it has no name), the direction a question
    // slide sits in (data-direction), the style element Mantine injects into <head>.
    files: [
      'tests/app/assessment-offline-screening.test.tsx',
      'tests/app/dialog-landmarks.test.tsx',
      'tests/app/question-slide.test.tsx',
      'tests/app/theme-css-variables.test.tsx',
    ],
    rules: { 'testing-library/no-node-access': 'off' },
  },
];
