import { describe, it, expect } from 'vitest';
import { generateDemoResidences, createRng } from '../../server/src/db/seed/demo-residences';
import { scaledMs } from '../support/time-factor';

const data = generateDemoResidences();

function countsByDepartment(d = data): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of d.residences) counts.set(r.departmentId, (counts.get(r.departmentId) ?? 0) + 1);
  return counts;
}

describe('createRng', () => {
  it('is deterministic and stays within bounds', () => {
    const a = createRng(42);
    const b = createRng(42);
    for (let i = 0; i < 1000; i++) {
      const x = a.next();
      expect(x).toBe(b.next());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    const r = createRng(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
    expect(createRng(1).next()).not.toBe(createRng(2).next());
  });
});

describe('generateDemoResidences', () => {
  it('is deterministic for the same seed and differs for another seed', () => {
    expect(generateDemoResidences()).toEqual(data);
    expect(generateDemoResidences(20261122)).toEqual(data);
    const other = generateDemoResidences(12345);
    expect(other).not.toEqual(data);
    expect(generateDemoResidences(12345)).toEqual(other);
  });

  it('has three organizations and at least twelve departments that belong to them', () => {
    expect(data.organizations).toHaveLength(3);
    expect(new Set(data.organizations.map((o) => o.name)).size).toBe(3);
    expect(data.departments.length).toBeGreaterThanOrEqual(12);
    const orgIds = new Set(data.organizations.map((o) => o.id));
    for (const dep of data.departments) {
      expect(orgIds.has(dep.organizationId)).toBe(true);
    }
    for (const org of data.organizations) {
      expect(data.departments.some((d) => d.organizationId === org.id)).toBe(true);
    }
  });

  it('has at least 3,000 residences and exactly one department with 2,000 or more', () => {
    expect(data.residences.length).toBeGreaterThanOrEqual(3000);
    const counts = countsByDepartment();
    const big = data.departments.filter((d) => (counts.get(d.id) ?? 0) >= 2000);
    expect(big).toHaveLength(1);
    expect(big[0]?.organizationId).toBe(data.organizations[0]?.id);
    expect(counts.get(big[0]!.id)).toBeLessThanOrEqual(2300);
  });

  it('gives every department at least one residence and only references known departments', () => {
    const counts = countsByDepartment();
    for (const dep of data.departments) {
      expect(counts.get(dep.id) ?? 0).toBeGreaterThanOrEqual(1);
    }
    const depIds = new Set(data.departments.map((d) => d.id));
    for (const r of data.residences) expect(depIds.has(r.departmentId)).toBe(true);
  });

  it('has unique ids', () => {
    const ids = [
      ...data.organizations.map((o) => o.id),
      ...data.departments.map((d) => d.id),
      ...data.residences.map((r) => r.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const id of ids) expect(id).toMatch(uuid);
  });

  it('has no duplicate addresses within a department', () => {
    const keys = data.residences.map((r) =>
      JSON.stringify([r.departmentId, r.streetName, r.streetNumber, r.floorNumber, r.doorCode]),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses well-formed address parts', () => {
    for (const r of data.residences) {
      expect(r.zipCode).toMatch(/^\d{4}$/);
      expect(r.streetNumber).toMatch(/^\d+[A-Z]?$/);
      expect(r.streetName.length).toBeGreaterThan(2);
      expect(r.town.length).toBeGreaterThan(2);
      if (r.floorNumber !== null) expect(r.floorNumber).toMatch(/^(kl|st|\d+)$/);
      if (r.doorCode !== null) expect(r.doorCode).toMatch(/^(tv|th|mf|([1-9]|1[0-2]))$/);
      // Houses have neither floor nor door; flats have both.
      expect(r.floorNumber === null).toBe(r.doorCode === null);
    }
    // A mix of building types is present.
    expect(data.residences.some((r) => r.floorNumber === null)).toBe(true);
    expect(data.residences.some((r) => r.doorCode === 'mf')).toBe(true);
    expect(data.residences.some((r) => r.floorNumber === 'kl')).toBe(true);
    expect(data.residences.some((r) => r.doorCode !== null && /^\d+$/.test(r.doorCode))).toBe(true);
    expect(data.residences.some((r) => /[æøåÆØÅ]/.test(r.streetName))).toBe(true);
  });

  it('uses one zip code and town per department', () => {
    for (const dep of data.departments) {
      const rs = data.residences.filter((r) => r.departmentId === dep.id);
      expect(new Set(rs.map((r) => r.zipCode)).size).toBe(1);
      expect(new Set(rs.map((r) => r.town))).toEqual(new Set([dep.town]));
    }
  });

  it('places residences inside Denmark and close to their department', () => {
    for (const r of data.residences) {
      expect(r.latitude).toBeGreaterThanOrEqual(54.5);
      expect(r.latitude).toBeLessThanOrEqual(57.8);
      expect(r.longitude).toBeGreaterThanOrEqual(8.0);
      expect(r.longitude).toBeLessThanOrEqual(15.2);
      expect(Math.round(r.latitude * 1e6) / 1e6).toBe(r.latitude);
      expect(Math.round(r.longitude * 1e6) / 1e6).toBe(r.longitude);
    }
    // Every department fits within ~1.5 km (diagonal of its bounding box).
    for (const dep of data.departments) {
      const rs = data.residences.filter((r) => r.departmentId === dep.id);
      const lats = rs.map((r) => r.latitude);
      const lons = rs.map((r) => r.longitude);
      const dLatM = (Math.max(...lats) - Math.min(...lats)) * 111_320;
      const dLonM = (Math.max(...lons) - Math.min(...lons)) * 111_320 * Math.cos((lats[0]! * Math.PI) / 180);
      expect(Math.hypot(dLatM, dLonM)).toBeLessThan(1500);
    }
  });

  it('converts roughly 2-6 % of residences', () => {
    const share = data.residences.filter((r) => r.isConverted).length / data.residences.length;
    expect(share).toBeGreaterThanOrEqual(0.02);
    expect(share).toBeLessThanOrEqual(0.06);
  });

  it('is fast', () => {
    const start = performance.now();
    generateDemoResidences(99);
    expect(performance.now() - start).toBeLessThan(scaledMs(500));
  });
});
