// jest-dom's matchers (toBeInTheDocument, toBeVisible, toHaveValue …) on every test's expect.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// A findBy… or waitFor waits for what the test expects to appear; its limit only bounds how long
// a failing test takes. Behind the end-to-end run (scripts/test.sh) a lazy screen can take more
// than the default second to show.
configure({ asyncUtilTimeout: 5000 });
