// jest-dom's matchers (toBeInTheDocument, toBeVisible, toHaveValue …) on every test's expect.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { scaledMs } from '../support/time-factor';

// A findBy… or waitFor waits for what the test expects to appear; its limit only bounds how long
// a failing test takes. Behind the end-to-end run (scripts/test.sh) a lazy screen can take more
// than the default second to show, and typing a word, the search's debounce and its answer took
// over 5 s there once (CI, a search test): the limit grows with the test limits of
// vitest.config.ts (VITEST_TIME_FACTOR).
configure({ asyncUtilTimeout: scaledMs(5000) });
