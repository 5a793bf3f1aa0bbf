/**
 * How much longer than on an idle machine a test may take: VITEST_TIME_FACTOR, which
 * scripts/test.sh sets while Vitest runs behind the end-to-end run (docs/performance.md
 * "The test suite"). A bound that says "fast" is there to catch a slow path or a hang, not to
 * measure: the benches measure.
 */
export const TIME_FACTOR = Number(process.env.VITEST_TIME_FACTOR ?? 1) || 1;

/** A time bound of an idle machine, stretched for the machine the tests run on now. */
export const scaledMs = (ms: number): number => ms * TIME_FACTOR;
