import { expect } from '@playwright/test';
import { testWithOwnServer } from './own-server';

/**
 * The specs' `test`: each Playwright worker starts a server of its own on a free port, on a
 * database of its own with the demo data, and the worker's pages and `request` talk to it. Tests
 * of one worker run one after another, so no test ever sees another's writes while it runs, and
 * a test may take the first residence that suits it: what an earlier test of its worker took
 * is no longer free. A worker that starts after a failure starts with fresh data.
 */
export const test = testWithOwnServer({});

export { expect };
