/**
 * The bounds of the property calls' inputs, as plain numbers: the schemas in properties.ts are
 * built from them, and the app checks its own input against the same numbers without loading
 * TypeBox (docs/api.md "The contract").
 */

/** docs/product.md 5 and 9: search runs with more than 2 characters. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
/** docs/product.md 9: the search box asks for 15; a page never holds more than 1000. */
export const SEARCH_DEFAULT_SIZE = 15;
export const SEARCH_MAX_SIZE = 1000;
export const SEARCH_MAX_PAGE = 100_000;

/** A position on the globe, in degrees (WGS 84). */
export const MAX_LATITUDE = 90;
export const MAX_LONGITUDE = 180;
