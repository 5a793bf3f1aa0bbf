import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import { applyActiveListSearch } from '../../shared/rules/active-list-filters';
import { applyDuplicateRule } from '../../shared/rules/duplicate-rule';
import { displayStatus } from '../../shared/rules/statuses';
import { da } from '../../shared/texts/da';
import { csvField, csvLine, decimalComma } from '../../server/src/domain/csv';
import {
  bearer,
  DATABASES,
  demoToken,
  listenForClients,
  organizationsOf,
  startTestApp,
  type TestApp,
} from './helpers';

/** Reads CSV back as Excel would: semicolons, quoted fields with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the last line ends with CRLF').toBe('');
  return rows;
}

describe('CSV for Danish Excel', () => {
  it('quotes what needs it, doubles quotes, writes decimal commas and keeps formulas out', () => {
    expect(csvField('Skovvej 3')).toBe('Skovvej 3');
    expect(csvField('Afd. 9; Nord')).toBe('"Afd. 9; Nord"');
    expect(csvField('Vej "A"')).toBe('"Vej ""A"""');
    expect(csvField('to\r\nlinjer')).toBe('"to\r\nlinjer"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(79.25)).toBe('79,25');
    expect(csvField(null)).toBe('');
    expect(decimalComma(0.4167 * 100, 1)).toBe('41,7');
    expect(csvLine(['a', 1.5, null])).toBe('a;1,5;\r\n');
    expect(parseCsv(csvLine(['Afd. 9; Nord', 'Vej "A"', 'to\r\nlinjer']))).toEqual([
      ['Afd. 9; Nord', 'Vej "A"', 'to\r\nlinjer'],
    ]);
  });
});

describe.each(DATABASES)('the export on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let ownOrg: string;
  let departments: Dto.Department[];

  beforeAll(async () => {
    t = await startTestApp(admin);
    token = await demoToken(t.app, 'skriver');
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    departments = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/properties/availabledepartments?organizationId=${ownOrg}`,
        headers: bearer(token),
      })
    ).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, user = token) => t.app.inject({ method: 'GET', url, headers: bearer(user) });
  const exported = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.csv"/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    return { header: header!, rows };
  };
  const departmentList = async (departmentId: string) =>
    (await get(`/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`)).json<
      Dto.PropertyRow[]
    >();

  it("writes a department's residences as its list shows them, in Danish, with a column per group", async () => {
    const department = [...departments].sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;
    const { header, rows } = await exported(
      `/api/v2/ext/export/residences?organizationId=${ownOrg}&departmentId=${department.departmentId}`,
    );
    expect(header).toEqual([
      'Afdeling',
      'Adresse',
      'Status',
      'Oprettet',
      'Godkendt fra',
      'Sidst ændret',
      'Besvaret (%)',
      'Kørestolsbrugere',
      'Gangbesværede',
      'Synshandicappede',
      'Hørehandicappede',
      'Udviklingshandicappede',
      'Astma og allergi',
      'Læsevanskeligheder',
    ]);
    const shown = applyDuplicateRule(await departmentList(department.departmentId));
    expect(rows.map((r) => r[1])).toEqual(shown.map((r) => r.location));
    expect(rows.map((r) => r[2])).toEqual(
      shown.map((r) => {
        const status = displayStatus(r.assessmentStatus, r.isCalculated, r.futureApprovedDate);
        return status === 'approvedFuture'
          ? expect.stringMatching(/^Godkendt fra \d\d-\d\d-\d{4}$/)
          : da[`status.${status}`];
      }),
    );
    for (const row of rows) {
      expect(row[0]).toBe(department.departmentName);
      expect(row).toHaveLength(header.length);
      for (const date of [row[3], row[4], row[5]]) expect(date).toMatch(/^(\d\d-\d\d-\d{4})?$/);
      expect(row[6]).toMatch(/^(\d{1,3},\d)?$/);
    }
    const approved = rows.find((r) => r[2] === 'Godkendt')!;
    expect(approved[4]).toMatch(/^\d\d-\d\d-\d{4}$/);
    expect(
      approved.slice(7).every((cell) => /^(Egnet|Delvist egnet|Ikke egnet)/.test(cell) || cell === ''),
    ).toBe(true);
    expect(rows.find((r) => r[2] === 'Ikke påbegyndt')!.slice(3)).toEqual(Array(header.length - 3).fill(''));
  });

  it('applies the list filters, and writes every department of the organization without one', async () => {
    const department = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;
    const shown = applyDuplicateRule(await departmentList(department.departmentId));
    const calculated = shown.filter(
      (r) => displayStatus(r.assessmentStatus, r.isCalculated, r.futureApprovedDate) === 'calculated',
    );
    const filtered = await exported(
      `/api/v2/ext/export/residences?organizationId=${ownOrg}&departmentId=${department.departmentId}&status=calculated`,
    );
    expect(filtered.rows.map((r) => r[1])).toEqual(calculated.map((r) => r.location));
    const street = shown[0]!.streetName;
    const onStreet = await exported(
      `/api/v2/ext/export/residences?organizationId=${ownOrg}&departmentId=${department.departmentId}&streetName=${encodeURIComponent(street.slice(0, 4).toUpperCase())}`,
    );
    expect(onStreet.rows.length).toBe(
      shown.filter((r) => r.streetName.toLowerCase().includes(street.slice(0, 4).toLowerCase())).length,
    );
    const all = await exported(`/api/v2/ext/export/residences?organizationId=${ownOrg}`);
    expect(all.rows).toHaveLength(departments.reduce((sum, d) => sum + d.propertiesCount, 0));
  });

  it('writes the active list as filtered and ordered on screen', async () => {
    const list = (await get(`/api/v2/assessment/getactiveassessments?organizationId=${ownOrg}`)).json<
      Dto.AssessmentListEntry[]
    >();
    const me = list[0]!.createdBy!;
    const search = { mine: true as const, status: 'draft' as const, sort: 'address' as const };
    const expected = applyActiveListSearch(list, search, me);
    expect(expected.length).toBeGreaterThan(2);
    const { rows } = await exported(
      `/api/v2/ext/export/active?organizationId=${ownOrg}&mine=true&status=draft&sort=address`,
    );
    expect(rows.map((r) => r[1])).toEqual(expected.map((e) => e.location));
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['Kladde']));
  });

  it('quotes a department name with a semicolon and streams a 5,000-residence department in parts', async () => {
    const departmentId = randomUUID();
    await t.app.db
      .insertInto('departments')
      .values({ id: departmentId, organization_id: ownOrg, name: '=Afd. 99; "Nord"', town: 'Aarhus' })
      .execute();
    await sql`insert into residences (id, organization_id, department_id, street_name, street_number,
        zip_code, town, latitude, longitude)
      select gen_random_uuid(), ${ownOrg}, ${departmentId}, 'Eksportvej', n::text, '8000', 'Aarhus', 56.15, 10.2
        from generate_series(1, 5000) as n`.execute(t.app.db);
    const { baseUrl, destroySockets } = await listenForClients(t);
    try {
      const response = await fetch(
        `${baseUrl}/api/v2/ext/export/residences?organizationId=${ownOrg}&departmentId=${departmentId}`,
        { headers: { ...bearer(token), 'accept-encoding': 'identity' } },
      );
      expect(response.status).toBe(200);
      let parts = 0;
      let text = '';
      const decoder = new TextDecoder();
      for await (const chunk of response.body!) {
        parts++;
        text += decoder.decode(chunk as Uint8Array, { stream: true });
      }
      // Written chunk by chunk (500 residences each), not as one body.
      expect(parts).toBeGreaterThan(5);
      const [, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
      expect(rows).toHaveLength(5000);
      expect(rows[0]![0]).toBe(`'=Afd. 99; "Nord"`);
      expect(text).toContain(`"'=Afd. 99; ""Nord"""`);
      expect(rows.map((r) => r[1])).toContain('Eksportvej 4999, 8000');
    } finally {
      destroySockets();
    }
  });

  it('answers members only, 404 for a department of another organization, 400 for a bad filter', async () => {
    const laeser = await demoToken(t.app, 'laeser');
    expect((await get(`/api/v2/ext/export/active?organizationId=${ownOrg}`, laeser)).statusCode).toBe(200);
    const [other] = (await organizationsOf(t.app.db, 'flere')).filter((id) => id !== ownOrg);
    expect((await get(`/api/v2/ext/export/residences?organizationId=${other}`)).statusCode).toBe(403);
    const foreign = await t.app.db
      .selectFrom('departments')
      .select('id')
      .where('organization_id', '=', other!)
      .executeTakeFirstOrThrow();
    expect(
      (await get(`/api/v2/ext/export/residences?organizationId=${ownOrg}&departmentId=${foreign.id}`))
        .statusCode,
    ).toBe(404);
    const bad = await get(`/api/v2/ext/export/residences?organizationId=${ownOrg}&status=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/ext/export/active?organizationId=${ownOrg}` }))
        .statusCode,
    ).toBe(401);
  });
});
