/** docs/product.md 9: lists of organizations and departments show 21 at a time, more in steps of 21. */
export const PAGE_SIZE = 21;

/** Case-insensitive name filter, Danish letters included. */
export function filterByName<T>(items: readonly T[], query: string, name: (item: T) => string): T[] {
  const needle = query.trim().toLocaleLowerCase('da');
  if (!needle) return [...items];
  return items.filter((item) => name(item).toLocaleLowerCase('da').includes(needle));
}
