import { pickWinner, type DuplicateCandidate } from '../../shared/rules/duplicate-rule';
import {
  compareAddresses,
  INVALID_RESIDENCE_ID,
  searchKey,
  type AddressSortParts,
} from '../../shared/rules/location';

/**
 * The address search of docs/product.md 5 over what the device holds (docs/product.md 2 "Other
 * screens and parts"): offline, the results page and the header's suggestions search the
 * residences in the persisted query cache by the server's own rule
 * (server/src/routes/property-search.ts): the query's search key (`searchKey`: lower case, Danish
 * letters included, full stops and commas as spaces, single spaces) anywhere in the residence's.
 * So "skovvej 1" finds Skovvej 1, 10 and 12A, "8220" the postcode's residences and "12a, st. tv"
 * the ground floor left of number 12A, in any case. Like the server's, the rule folds no accents:
 * "e" does not find "é", nor "a" "å".
 *
 * The server's key also holds the residence's town, which no copy on the device carries; a hit of
 * an earlier search was found by the server with it, so every query inside that search's key
 * finds it again ("brabrand" after a search for "8220 brabrand").
 */

/** A residence row as one answer on the device holds it: a department list's, a search hit. */
export interface DeviceResidenceRow extends AddressSortParts, DuplicateCandidate {
  residenceId: string;
  /** The address line, as locationText writes it. */
  location: string;
}

/** One row of one cached answer. */
export interface DeviceCopy<T extends DeviceResidenceRow> {
  row: T;
  /** When the answer holding it arrived (ms since 1970): a residence shows as its newest copy. */
  receivedAt: number;
  /** The search keys the server found this row by (the queries of earlier searches). */
  matchedKeys?: readonly string[];
  /** `searchKey(row.location)` when the caller has it already: over thousands of rows it is the cost. */
  locationKey?: string;
}

/** Whether a copy answers the search key (never the empty key: the server answers nothing). */
export function copyMatches(
  key: string,
  copy: Pick<DeviceCopy<DeviceResidenceRow>, 'matchedKeys' | 'locationKey'> & { row: { location: string } },
): boolean {
  if (key === '') return false;
  const locationKey = copy.locationKey ?? searchKey(copy.row.location);
  return locationKey.includes(key) || (copy.matchedKeys ?? []).some((k) => k.includes(key));
}

/**
 * Which residence a row is: its id, or for a hit without one (docs/product.md 3, "invalid") its
 * address, so that an earlier search's hit found twice shows once.
 */
export const deviceResidenceKey = (row: { residenceId: string; location: string }): string =>
  row.residenceId === INVALID_RESIDENCE_ID ? `${INVALID_RESIDENCE_ID} ${row.location}` : row.residenceId;

/** The server's order of hits: address order (docs/product.md 5), then the residence id. */
const compareHits = (a: DeviceResidenceRow, b: DeviceResidenceRow) =>
  compareAddresses(a, b) || (a.residenceId < b.residenceId ? -1 : a.residenceId > b.residenceId ? 1 : 0);

/**
 * The residences on the device that `query` finds, each once, as the server would list them: in
 * address order, at most `limit`. A residence is found when any of its copies matches (an old
 * search may have found it by its town), and shows as its newest copy: of the rows that answer
 * holds for it (a department list has one per assessment, newest first), the winner of the
 * duplicate rule (docs/product.md 4), as the server picks the status of a hit.
 */
export function searchOnDevice<T extends DeviceResidenceRow>(
  query: string,
  copies: Iterable<DeviceCopy<T>>,
  limit: number = Number.POSITIVE_INFINITY,
  now: Date = new Date(),
): T[] {
  const key = searchKey(query);
  if (key === '') return [];
  const all = [...copies];
  const found = new Set<string>();
  for (const copy of all) if (copyMatches(key, copy)) found.add(deviceResidenceKey(copy.row));
  const newest = new Map<string, { receivedAt: number; rows: T[] }>();
  for (const copy of all) {
    const residence = deviceResidenceKey(copy.row);
    if (!found.has(residence)) continue;
    const current = newest.get(residence);
    if (!current || copy.receivedAt > current.receivedAt)
      newest.set(residence, { receivedAt: copy.receivedAt, rows: [copy.row] });
    else if (copy.receivedAt === current.receivedAt) current.rows.push(copy.row);
  }
  const hits = [...newest.values()].map(({ rows }) => pickWinner(rows, now) ?? rows[0]!);
  return hits.sort(compareHits).slice(0, limit);
}

export interface LocationAddressParts extends AddressSortParts {
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
}

const DOOR_SIDES = ['tv', 'th', 'mf'];
const bare = (value: string) => value.replace(/\.+$/, '');

/** The floor and door of the unit part ("st. tv.", "2.", "tv.", "1. 4"), as locationText wrote them. */
function unitParts(unit: string): [floor: string | null, door: string | null] {
  const words = unit.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [null, null];
  if (words.length > 1) return [bare(words[0]!), words.slice(1).map(bare).join(' ')];
  const word = words[0]!;
  // locationText ends a floor with a full stop ("st.", "2.") and a numbered door without one.
  if (DOOR_SIDES.includes(bare(word).toLowerCase())) return [null, bare(word)];
  return word.endsWith('.') ? [bare(word), null] : [null, word];
}

/**
 * The address parts of an address line written by locationText ("Solsikkevej 12A, st. tv., 8220",
 * the town after the postcode or not), for a residence the device holds only as its line
 * (getproperty's `beliggenhed`): enough to put it in address order among the others. A line in
 * another form keeps its first part as the street.
 */
export function addressPartsOf(location: string): LocationAddressParts {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [street = '', ...rest] = parts;
  const place = rest.at(-1) ?? '';
  const [floorNumber, doorCode] = unitParts(rest.slice(0, -1).join(' '));
  const numbered = /^(.*\S)\s+(\d\S*)$/.exec(street);
  return {
    streetName: numbered ? numbered[1]! : street,
    streetNumber: numbered ? numbered[2]! : '',
    floorNumber,
    doorCode,
    zipCode: place.split(/\s+/)[0] ?? '',
  };
}
