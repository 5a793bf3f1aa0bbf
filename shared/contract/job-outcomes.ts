/**
 * What became of one item of a job, as a plain list (docs/api.md "Jobs"): the server counts by
 * it and jobs.ts builds its schema from it, without the app loading TypeBox for it. Pending until
 * a worker did it, cancelled when the job was stopped first.
 */
export const JOB_ITEM_OUTCOMES = ['pending', 'done', 'failed', 'skipped', 'cancelled'] as const;
