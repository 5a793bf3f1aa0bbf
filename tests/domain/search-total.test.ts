import { describe, expect, it } from 'vitest';
import { formatTotalHeader, parseTotalHeader, shownTotal } from '../../shared/rules/search-total';

describe('the X-Total-Count header of a search', () => {
  it('is a number when exact and the number with a plus when there are more', () => {
    expect(formatTotalHeader({ count: 2207, exact: true })).toBe('2207');
    expect(formatTotalHeader({ count: 0, exact: true })).toBe('0');
    expect(formatTotalHeader({ count: 10000, exact: false })).toBe('10000+');
  });

  it('reads back what the server writes, and nothing else', () => {
    expect(parseTotalHeader('2207')).toEqual({ count: 2207, exact: true });
    expect(parseTotalHeader(' 10000+ ')).toEqual({ count: 10000, exact: false });
    for (const odd of [null, undefined, '', '-1', '12.5', '1e3', 'abc', '+', '10++', '1'.repeat(16)])
      expect(parseTotalHeader(odd), String(odd)).toBeNull();
  });
});

describe('the total the results page shows', () => {
  it("is the server's, and from a server that sends none only what the hits prove", () => {
    expect(shownTotal({ count: 2207, exact: true }, 100, false)).toEqual({ count: 2207, exact: true });
    expect(shownTotal(null, 42, true)).toEqual({ count: 42, exact: true });
    expect(shownTotal(null, 100, false)).toEqual({ count: 99, exact: false });
  });
});
