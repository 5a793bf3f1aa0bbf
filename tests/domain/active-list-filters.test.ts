import { describe, expect, it } from 'vitest';
import type { AssessmentListEntry } from '../../shared/contract/dto';
import { NO_DATE } from '../../shared/rules/statuses';
import { applyActiveListSearch, parseActiveListSearch } from '../../shared/rules/active-list-filters';

const ME = 'AAAAAAAA-0000-4000-8000-000000000001';
const OTHER = 'bbbbbbbb-0000-4000-8000-000000000002';
let n = 0;
const entry = (over: Partial<AssessmentListEntry>): AssessmentListEntry => ({
  assessmentId: `a${++n}`,
  propertyId: `p${n}`,
  departmentId: 'd1',
  assessmentStatus: 'draft',
  isCalculated: false,
  converted: false,
  location: `Vej ${n}, 8000`,
  validFrom: null,
  futureApprovedDate: NO_DATE,
  createdAt: `2026-11-0${n}T10:00:00.000Z`,
  progress: 0,
  createdBy: OTHER,
  changedBy: OTHER,
  changedByName: 'Anden',
  changedAt: `2026-11-0${n}T10:00:00.000Z`,
  ...over,
});

/** The active list's filters and order (docs/product.md 2 "/activeAssessments"). */
describe('the active list in the URL', () => {
  it('keeps what it knows of the search and drops the rest', () => {
    expect(
      parseActiveListSearch({ mine: true, status: 'calculated', department: 'd-1', sort: 'address' }),
    ).toEqual({
      mine: true,
      status: 'calculated',
      department: 'd-1',
      sort: 'address',
    });
    expect(parseActiveListSearch({ mine: 1 })).toEqual({ mine: true });
    expect(
      parseActiveListSearch({ mine: false, status: 'approved', department: '<x>', sort: 'random' }),
    ).toEqual({});
  });

  it('filters by author, status and department, and orders by last change or by address', () => {
    const rows = [
      entry({ location: 'Skovvej 10, 8210', createdBy: ME.toLowerCase() }),
      entry({ location: 'Skovvej 9, 8210', changedBy: ME, changedAt: '2026-11-20T10:00:00.000Z' }),
      entry({ location: 'Åvej 1, 8210', isCalculated: true, departmentId: 'D2' }),
      entry({ location: 'Bakken 2, 8210', assessmentStatus: 'ready', createdBy: null, changedBy: null }),
    ];
    const locations = (search: Parameters<typeof applyActiveListSearch>[1], me: string | null = ME) =>
      applyActiveListSearch(rows, search, me).map((r) => r.location);
    expect(locations({})).toEqual(rows.map((r) => r.location));
    expect(locations({ mine: true })).toEqual(['Skovvej 10, 8210', 'Skovvej 9, 8210']);
    expect(locations({ mine: true }, null)).toEqual([]);
    expect(locations({ status: 'calculated' })).toEqual(['Åvej 1, 8210']);
    expect(locations({ status: 'draft' })).toEqual(['Skovvej 10, 8210', 'Skovvej 9, 8210']);
    expect(locations({ department: 'd2' })).toEqual(['Åvej 1, 8210']);
    // Danish order: numbers as numbers, Å last.
    expect(locations({ sort: 'address' })).toEqual([
      'Bakken 2, 8210',
      'Skovvej 9, 8210',
      'Skovvej 10, 8210',
      'Åvej 1, 8210',
    ]);
    expect(locations({ sort: 'changed' })[0]).toBe('Skovvej 9, 8210');
    // The server's rows are not reordered in place.
    expect(rows[0]!.location).toBe('Skovvej 10, 8210');
  });
});
