import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../src/api/export-csv';

describe("the export's file name", () => {
  it('takes the UTF-8 name, else the plain one, else none', () => {
    expect(
      fileNameOf(
        `attachment; filename="boliger-afd-7-solbakken.csv"; filename*=UTF-8''boliger-Afd.-7-S%C3%B8bakken.csv`,
      ),
    ).toBe('boliger-Afd.-7-Søbakken.csv');
    expect(fileNameOf('attachment; filename="aktive-vurderinger.csv"')).toBe('aktive-vurderinger.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
