/**
 * How many hits a search has in all (docs/api.md, `GET /api/v2/properties/search`): the server
 * sends it with every page in the `X-Total-Count` header, and the results page shows it in its
 * title (docs/product.md 2). The server counts up to a limit, so a total is either exact or
 * "more than" a number; it is never the size of one page.
 */
export interface SearchTotal {
  count: number;
  /** False: there are more hits than `count` (the server stopped counting there). */
  exact: boolean;
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** The header's value: `2207`, or `10000+` for more than 10,000. */
export function formatTotalHeader(total: SearchTotal): string {
  return total.exact ? String(total.count) : `${total.count}+`;
}

/** The header's value read back; null when it is missing or not of that form. */
export function parseTotalHeader(value: string | null | undefined): SearchTotal | null {
  const match = /^(\d{1,15})(\+?)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { count: Number(match[1]), exact: match[2] === '' };
}

/**
 * The total the results page shows once `loaded` hits have arrived (`complete`: none are left to
 * ask for): the server's, from the page that came last. From a server that sends none (this one
 * always does) only what the hits prove: all of them once complete, else at least as many as
 * have arrived, that is more than one fewer.
 */
export function shownTotal(server: SearchTotal | null, loaded: number, complete: boolean): SearchTotal {
  if (server) return server;
  return complete ? { count: loaded, exact: true } : { count: Math.max(0, loaded - 1), exact: false };
}
