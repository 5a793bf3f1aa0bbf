import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressPartsOf,
  searchOnDevice,
  type DeviceCopy,
  type DeviceResidenceRow,
} from '../../src/domain/address-search';
import { compareAddresses, locationText, searchKey } from '../../shared/rules/location';
import { NO_DATE } from '../../shared/rules/statuses';

/** Offline, the address search finds the residences on the device as the server would. */

const NOW = new Date('2026-11-22T10:00:00Z');

interface Row extends DeviceResidenceRow {
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  assessmentStatus: string;
  isCalculated: boolean;
  futureApprovedDate: string;
}

function row(residenceId: string, streetName: string, streetNumber: string, fields: Partial<Row> = {}): Row {
  const parts = {
    streetName,
    streetNumber,
    floorNumber: null,
    doorCode: null,
    zipCode: '8000',
    ...fields,
  };
  return {
    residenceId,
    ...parts,
    assessmentStatus: 'notStarted',
    isCalculated: false,
    futureApprovedDate: NO_DATE,
    location: locationText(parts),
    ...fields,
  };
}

const copy = (r: Row, receivedAt = 1, matchedKeys?: string[]): DeviceCopy<Row> => ({
  row: r,
  receivedAt,
  matchedKeys,
});

const search = (query: string, copies: DeviceCopy<Row>[], limit?: number) =>
  searchOnDevice(query, copies, limit, NOW).map((r) => r.location);

const residences = [
  row('r1', 'Skovvej', '1'),
  row('r2', 'Skovvej', '10'),
  row('r3', 'Skovvej', '12A', { floorNumber: 'st', doorCode: 'tv', zipCode: '8220' }),
  row('r4', 'Skovvej', '2'),
  row('r5', 'Æblevej', '4', { floorNumber: '2', doorCode: 'th', zipCode: '8210' }),
  row('r6', 'Ågade', '7'),
];
const all = residences.map((r) => copy(r));

describe('the address search on the device', () => {
  it('finds a street and house number as a prefix, in address order: "skovvej 1" finds 1, 10 and 12A', () => {
    expect(search('skovvej 1', all)).toEqual([
      'Skovvej 1, 8000',
      'Skovvej 10, 8000',
      'Skovvej 12A, st. tv., 8220',
    ]);
  });

  it('ignores case, Danish letters included, and reads full stops and commas as spaces', () => {
    expect(search('ÆBLEVEJ 4', all)).toEqual(['Æblevej 4, 2. th., 8210']);
    expect(search('ågade', all)).toEqual(['Ågade 7, 8000']);
    expect(search('Skovvej 12a, st. tv.', all)).toEqual(['Skovvej 12A, st. tv., 8220']);
    expect(search('skovvej   12A st tv', all)).toEqual(['Skovvej 12A, st. tv., 8220']);
  });

  it('finds a postcode and a floor anywhere in the address', () => {
    expect(search('8220', all)).toEqual(['Skovvej 12A, st. tv., 8220']);
    expect(search('2. th', all)).toEqual(['Æblevej 4, 2. th., 8210']);
  });

  it('folds no accents, as the server does not', () => {
    expect(search('agade', all)).toEqual([]);
    expect(search('aeblevej', all)).toEqual([]);
  });

  it('finds nothing for a query of only punctuation or space', () => {
    expect(search(' ., ', all)).toEqual([]);
  });

  it('lists a residence once, however many answers on the device hold it', () => {
    const hits = searchOnDevice(
      'skovvej',
      [...all, copy(residences[0]!, 5), copy(residences[0]!, 3)],
      undefined,
      NOW,
    );
    expect(hits.map((r) => r.residenceId)).toEqual(['r1', 'r4', 'r2', 'r3']);
  });

  it('shows a residence as its newest copy', () => {
    const before = row('r1', 'Skovvej', '1', { assessmentStatus: 'draft' });
    const after = row('r1', 'Skovvej', '1', { assessmentStatus: 'approved' });
    expect(searchOnDevice('skovvej 1,', [copy(after, 20), copy(before, 10)], undefined, NOW)).toEqual([
      after,
    ]);
    expect(searchOnDevice('skovvej 1,', [copy(before, 10), copy(after, 20)], undefined, NOW)).toEqual([
      after,
    ]);
  });

  it("picks a department list's winning assessment by the duplicate rule, the newest of a rank first", () => {
    const rows = [
      row('r1', 'Skovvej', '1', { assessmentStatus: 'draft' }),
      row('r1', 'Skovvej', '1', { assessmentStatus: 'approved', futureApprovedDate: '2027-01-01T00:00:00' }),
      row('r1', 'Skovvej', '1', { assessmentStatus: 'rejected' }),
    ];
    expect(
      searchOnDevice(
        'skovvej 1',
        rows.map((r) => copy(r)),
        undefined,
        NOW,
      ),
    ).toEqual([rows[0]]);
    const ready = row('r1', 'Skovvej', '1', { assessmentStatus: 'ready' });
    expect(
      searchOnDevice(
        'skovvej 1',
        [...rows, ready].map((r) => copy(r)),
        undefined,
        NOW,
      ),
    ).toEqual([ready]);
  });

  it('finds a hit of an earlier search by that search, the town the device does not hold included', () => {
    const r3 = copy(residences[2]!, 1, [searchKey('8220 Brabrand')]);
    expect(search('brabrand', [...all.slice(0, 2), r3])).toEqual(['Skovvej 12A, st. tv., 8220']);
    // The newest copy (a department list without the search) still shows it.
    const newer = copy({ ...residences[2]!, assessmentStatus: 'draft' }, 9);
    expect(searchOnDevice('brabrand', [r3, newer], undefined, NOW)).toEqual([newer.row]);
    expect(search('aarhus', [r3])).toEqual([]);
  });

  it('keeps hits without an id apart by their address, and never merges them with a residence', () => {
    const invalid = (n: string) => ({ ...row('invalid', 'Skovvej', n) });
    const hits = search('skovvej', [copy(invalid('3')), copy(invalid('3')), copy(invalid('4')), all[0]!]);
    expect(hits).toEqual(['Skovvej 1, 8000', 'Skovvej 3, 8000', 'Skovvej 4, 8000']);
  });

  it('answers at most the page size, the first in address order', () => {
    expect(search('skovvej', all, 2)).toEqual(['Skovvej 1, 8000', 'Skovvej 2, 8000']);
  });
});

describe('addressPartsOf: the parts of an address line (a residence held only as its line)', () => {
  it.each([
    ['Solsikkevej 12A, st. tv., 8220', ['Solsikkevej', '12A', 'st', 'tv', '8220']],
    ['Skovvej 3, 2. th., 8210 Brabrand', ['Skovvej', '3', '2', 'th', '8210']],
    ['Skovvej 3, 8210', ['Skovvej', '3', null, null, '8210']],
    ['Skovvej 3, tv., 8210', ['Skovvej', '3', null, 'tv', '8210']],
    ['Skovvej 3, 2., 8210', ['Skovvej', '3', '2', null, '8210']],
    ['Mågevej 7, 1. 4, 2400 København NV', ['Mågevej', '7', '1', '4', '2400']],
    ['Nørre Allé 5, 4, 8000', ['Nørre Allé', '5', null, '4', '8000']],
    ['Testvej', ['Testvej', '', null, null, '']],
  ])('reads %s', (line, [streetName, streetNumber, floorNumber, doorCode, zipCode]) => {
    expect(addressPartsOf(line)).toEqual({ streetName, streetNumber, floorNumber, doorCode, zipCode });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random residences
// ---------------------------------------------------------------------------------------------

const streetNames = ['Skovvej', 'Æblevej', 'Østergade', 'Ågade', 'Nørre Allé', 'Solsikkevej', 'Møllevej'];
const arbitraryParts = fc.record({
  streetName: fc.constantFrom(...streetNames),
  streetNumber: fc
    .tuple(fc.integer({ min: 1, max: 150 }), fc.constantFrom('', 'A', 'B'))
    .map(([n, letter]) => `${n}${letter}`),
  floorNumber: fc.constantFrom(null, 'st', 'kl', '1', '2', '12'),
  doorCode: fc.constantFrom(null, 'tv', 'th', 'mf', '1', '4', 'a'),
  zipCode: fc.constantFrom('8000', '8210', '8220', '2400'),
});
const arbitraryResidences = fc
  .array(arbitraryParts, { minLength: 1, maxLength: 40 })
  .map((list) =>
    list.map((parts, i) =>
      row(`r${String(i).padStart(3, '0')}`, parts.streetName, parts.streetNumber, parts),
    ),
  );

/** The server's search (server/src/routes/property-search.ts) over the same residences, without towns. */
const serverSearch = (query: string, list: Row[]) =>
  list
    .filter((r) => searchKey(query) !== '' && searchKey(r.location).includes(searchKey(query)))
    .sort((a, b) => compareAddresses(a, b) || a.residenceId.localeCompare(b.residenceId))
    .map((r) => r.residenceId);

/** A query as a user may type a part of an address: any case, commas and full stops or not. */
const arbitraryQuery = (list: Row[]) =>
  fc
    .tuple(
      fc.constantFrom(...list),
      fc.nat(),
      fc.integer({ min: 3, max: 30 }),
      fc.constantFrom('upper', 'lower', 'asIs'),
      fc.boolean(),
    )
    .map(([r, start, length, letterCase, punctuation]) => {
      const from = start % r.location.length;
      let text = r.location.slice(from, from + length);
      if (letterCase === 'upper') text = text.toLocaleUpperCase('da');
      if (letterCase === 'lower') text = text.toLocaleLowerCase('da');
      return punctuation ? text : text.replace(/[.,]/g, ' ');
    });

describe('properties (fast-check)', () => {
  it('finds exactly what the server finds, in its order, for any part of an address', () => {
    fc.assert(
      fc.property(
        arbitraryResidences.chain((list) => fc.tuple(fc.constant(list), arbitraryQuery(list))),
        ([list, query]) => {
          const device = searchOnDevice(
            query,
            list.map((r) => copy(r)),
            undefined,
            NOW,
          );
          expect(device.map((r) => r.residenceId)).toEqual(serverSearch(query, list));
        },
      ),
    );
  });

  it('lists each residence once and the same ones, however often and in what order the device holds it', () => {
    fc.assert(
      fc.property(
        arbitraryResidences.chain((list) =>
          fc.tuple(
            fc.constant(list),
            arbitraryQuery(list),
            fc.array(fc.tuple(fc.nat({ max: list.length - 1 }), fc.nat({ max: 100 })), { maxLength: 60 }),
          ),
        ),
        ([list, query, extra]) => {
          const copies = [...list.map((r) => copy(r)), ...extra.map(([i, at]) => copy(list[i]!, at))];
          const ids = searchOnDevice(query, copies, undefined, NOW).map((r) => r.residenceId);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toEqual(serverSearch(query, list));
          expect(
            searchOnDevice(query, [...copies].reverse(), undefined, NOW).map((r) => r.residenceId),
          ).toEqual(ids);
        },
      ),
    );
  });

  it('reads back the parts locationText wrote', () => {
    fc.assert(
      fc.property(arbitraryParts, (parts) => {
        expect(addressPartsOf(locationText(parts))).toEqual(parts);
      }),
    );
  });
});
