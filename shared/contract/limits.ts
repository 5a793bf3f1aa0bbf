/**
 * The bounds of the contract's inputs, as plain numbers: the schemas are built from them, and
 * the app checks its own input against the same numbers without loading TypeBox (docs/api.md
 * "The contract").
 */

/** docs/product.md 5 and 9: search runs with more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
/** docs/product.md 9: the search box asks for 15; a page never holds more than 1000. */
export const SEARCH_DEFAULT_SIZE = 15;
export const SEARCH_MAX_SIZE = 1000;
export const SEARCH_MAX_PAGE = 100_000;

/** Longest comment, in UTF-16 code units (what a textarea's maxLength counts). */
export const MAX_COMMENT_LENGTH = 2000;
/** Most answer ids in one `values` list. */
export const MAX_VALUES = 20;
/** Longest answer id and question uniqueId accepted on the wire. */
export const MAX_ID_LENGTH = 100;
/** The optional Idempotency-Key request header of syncanswer: 1 to 200 visible ASCII characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** A position on the globe, in degrees (WGS 84). */
export const MAX_LATITUDE = 90;
export const MAX_LONGITUDE = 180;

/** POST getlocatedassessments takes at most this many pairs. */
export const MAX_LOCATED_ITEMS = 500;

/**
 * Items of one job: the residences of a copy, the assessments of an approval (docs/api.md
 * "Jobs"). server/src/jobs/queue.ts re-exports it for the queue.
 */
export const MAX_JOB_ITEMS = 5000;
/** abandonassessments takes as many as a copy job has targets (docs/api.md). */
export const MAX_ABANDON_ITEMS = MAX_JOB_ITEMS;

/**
 * Items per page of GET /api/v2/jobs/{jobId}/items (docs/api.md "Jobs");
 * server/src/jobs/job-items.ts re-exports them.
 */
export const JOB_ITEMS_DEFAULT_LIMIT = 100;
export const JOB_ITEMS_MAX_LIMIT = 500;

/** A photo's largest upload, in bytes (docs/api.md "Extensions", photos). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
